// The server clock moves every countdown on the page: it follows the server's time, but a change smaller than the
// tolerance (the usual jitter of answers) leaves it, and the countdowns, as they are.
import { afterEach, expect, it } from 'vitest';
import { CLOCK_TOLERANCE_MS, useServerClock } from '../src/lib/server-clock';

afterEach(() => useServerClock.setState({ offsetMs: 0 }));

it('takes a server time that is off by more than the tolerance, and keeps the offset through small jitter', () => {
  let changes = 0;
  const stop = useServerClock.subscribe(() => changes++);
  useServerClock.getState().learn(Date.now() + 5_000);
  expect(useServerClock.getState().offsetMs).toBeGreaterThan(5_000 - CLOCK_TOLERANCE_MS);
  const learned = useServerClock.getState().offsetMs;
  for (let i = 0; i < 26; i++) useServerClock.getState().learn(Date.now() + 5_000 + (i % 2 ? 40 : -40));
  expect(useServerClock.getState().offsetMs).toBe(learned);
  expect(changes).toBe(1);
  useServerClock.getState().learn(new Date(Date.now() - 60_000).toISOString());
  expect(useServerClock.getState().offsetMs).toBeLessThan(-60_000 + CLOCK_TOLERANCE_MS);
  expect(changes).toBe(2);
  useServerClock.getState().learn('not a time');
  expect(changes).toBe(2);
  stop();
});
