// The assistant's timings (spec part 1) on a fake clock: mood every 15 s, a hint every 30 s shown for 5 s, a tip asked
// for shown for 4 s; dismissed, it is gone and stays gone on the next page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import {
  ASSISTANT_DISMISSED_KEY,
  ASSISTANT_MOODS,
  ASSISTANT_TIMINGS,
  ASSISTANT_TIPS,
  AssistantWidget,
} from '../src/features/assistant/components/assistant-widget';

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const advance = (ms: number) => {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
};
const mood = () => screen.getByRole('button', { name: 'Assistant: show a tip' }).textContent;
const bubble = () => screen.queryByRole('status')?.textContent ?? null;

describe('assistant widget', () => {
  it('changes its mood every 15 seconds', () => {
    render(<AssistantWidget context="trading" />);
    expect(mood()).toBe(ASSISTANT_MOODS[0]);
    advance(ASSISTANT_TIMINGS.moodEveryMs - 1);
    expect(mood()).toBe(ASSISTANT_MOODS[0]);
    advance(1);
    expect(mood()).toBe(ASSISTANT_MOODS[1]);
    advance(ASSISTANT_TIMINGS.moodEveryMs);
    expect(mood()).toBe(ASSISTANT_MOODS[2]);
  });

  it('shows a hint from its context every 30 seconds, for 5 seconds', () => {
    render(<AssistantWidget context="trading" />);
    advance(ASSISTANT_TIMINGS.hintEveryMs - 1);
    expect(bubble()).toBeNull();
    advance(1);
    expect(ASSISTANT_TIPS.trading).toContain(bubble());
    advance(ASSISTANT_TIMINGS.hintShownMs - 1);
    expect(bubble()).not.toBeNull();
    advance(1);
    expect(bubble()).toBeNull();
    advance(ASSISTANT_TIMINGS.hintEveryMs - ASSISTANT_TIMINGS.hintShownMs);
    expect(ASSISTANT_TIPS.trading).toContain(bubble());
  });

  it('shows a tip asked for for 4 seconds, and a second ask starts the 4 seconds again', () => {
    render(<AssistantWidget context="dashboard" />);
    fireEvent.click(screen.getByRole('button', { name: 'Assistant: show a tip' }));
    expect(ASSISTANT_TIPS.dashboard).toContain(bubble());
    advance(3_000);
    fireEvent.click(screen.getByRole('button', { name: 'Assistant: show a tip' }));
    advance(ASSISTANT_TIMINGS.tipShownMs - 1);
    expect(bubble()).not.toBeNull();
    advance(1);
    expect(bubble()).toBeNull();
  });

  it('once dismissed is gone, shows nothing more, and stays away on the next page', () => {
    render(<AssistantWidget context="auction" />);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss the assistant' }));
    expect(screen.queryByTestId('assistant')).toBeNull();
    expect(window.localStorage.getItem(ASSISTANT_DISMISSED_KEY)).toBe('1');
    advance(2 * ASSISTANT_TIMINGS.hintEveryMs);
    expect(bubble()).toBeNull();
    cleanup();
    render(<AssistantWidget context="dashboard" />);
    advance(ASSISTANT_TIMINGS.hintEveryMs);
    expect(screen.queryByTestId('assistant')).toBeNull();
  });
});
