// Countdowns and what depends on the clock redraw when what they show changes, not on every tick of the page's shared
// 1-second ticker: /auctions drew every card each second, a listing its whole page.
import { Profiler } from 'react';
import { afterEach, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Countdown } from '../src/shared/auction-state';
import { useServerClock, useServerTimePassed, useTicker } from '../src/lib/server-clock';

const SECOND = 1000;
const at = (ms: number) => act(() => useTicker.setState({ now: ms }));

afterEach(() => {
  useServerClock.setState({ offsetMs: 0 });
  useTicker.setState({ now: Date.now() });
});

it('redraws a countdown days away once an hour, and one in its last minute every second', async () => {
  const start = Date.parse('2026-11-27T10:00:00Z');
  await at(start);
  // Every draw of the countdown, its own included, is a commit the profiler reports.
  let renders = 0;
  const Counted = ({ endTime }: { endTime: string }) => (
    <Profiler id="countdown" onRender={() => renders++}>
      <Countdown endTime={endTime} />
    </Profiler>
  );
  const far = new Date(start + 2 * 24 * 3600 * SECOND + 30 * 60 * SECOND).toISOString();
  const { rerender } = render(<Counted endTime={far} />);
  const shown = () => screen.getByTestId('countdown').textContent;
  expect(shown()).toBe('2d 0h');
  // A minute of ticks: the text stays, nothing is drawn again.
  for (let s = 1; s <= 60; s++) await at(start + s * SECOND);
  expect(shown()).toBe('2d 0h');
  expect(renders).toBe(1);
  // The hour turns: drawn anew.
  await at(start + 31 * 60 * SECOND);
  expect(shown()).toBe('1d 23h');
  expect(renders).toBe(2);

  const near = new Date(start + 31 * 60 * SECOND + 5 * SECOND).toISOString();
  rerender(<Counted endTime={near} />);
  expect(shown()).toBe('5s');
  expect(screen.getByTestId('countdown').className).toContain('text-red-600');
  const before = renders;
  for (const left of [4, 3, 2, 1]) {
    await at(start + 31 * 60 * SECOND + (5 - left) * SECOND);
    expect(shown()).toBe(`${left}s`);
  }
  expect(renders).toBe(before + 4);
  await at(start + 31 * 60 * SECOND + 5 * SECOND);
  expect(shown()).toBe('Auction ended');
});

it("redraws what depends on an auction's end only when the server's clock passes it", async () => {
  const start = Date.parse('2026-11-27T10:00:00Z');
  await at(start);
  useServerClock.setState({ offsetMs: 2 * SECOND });
  let renders = 0;
  const Ended = () => {
    renders++;
    return <p data-testid="ended">{String(useServerTimePassed(start + 10 * SECOND))}</p>;
  };
  render(<Ended />);
  for (let s = 1; s <= 7; s++) await at(start + s * SECOND);
  expect(screen.getByTestId('ended').textContent).toBe('false');
  expect(renders).toBe(1);
  // 8 s on the page's clock is 10 s on the server's.
  await at(start + 8 * SECOND);
  expect(screen.getByTestId('ended').textContent).toBe('true');
  expect(renders).toBe(2);
  for (let s = 9; s <= 12; s++) await at(start + s * SECOND);
  expect(renders).toBe(2);
});
