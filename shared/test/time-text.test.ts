import { describe, expect, it } from 'vitest';
import { countdownText, isCountdownUrgent, relativeTime } from '../src/index.js';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('countdown (spec part 1 section 4)', () => {
  it('reads "Auction ended" once the end time is reached', () => {
    expect(countdownText(0)).toBe('Auction ended');
    expect(countdownText(-5 * S)).toBe('Auction ended');
  });
  it('shows days and hours when at least a day remains', () =>
    expect(countdownText(2 * D + 5 * H + 7 * M)).toBe('2d 5h'));
  it('shows hours and minutes when at least an hour remains', () =>
    expect(countdownText(3 * H + 12 * M + 9 * S)).toBe('3h 12m'));
  it('shows minutes and seconds when at least a minute remains', () =>
    expect(countdownText(4 * M + 30 * S)).toBe('4m 30s'));
  it('shows seconds only below a minute', () => expect(countdownText(45 * S)).toBe('45s'));
  it('turns red at one hour or less', () => {
    expect(isCountdownUrgent(H)).toBe(true);
    expect(isCountdownUrgent(H + S)).toBe(false);
    expect(isCountdownUrgent(10 * M)).toBe(true);
  });
});

describe('relative time (spec part 1 section 1)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it('uses the plural only when the count exceeds one', () => {
    expect(relativeTime(ago(1 * D), now)).toBe('1 day ago');
    expect(relativeTime(ago(2 * D), now)).toBe('2 days ago');
    expect(relativeTime(ago(1 * H), now)).toBe('1 hour ago');
    expect(relativeTime(ago(5 * H), now)).toBe('5 hours ago');
    expect(relativeTime(ago(1 * M), now)).toBe('1 minute ago');
    expect(relativeTime(ago(59 * M), now)).toBe('59 minutes ago');
  });
  it('says "Just now" under a minute', () => expect(relativeTime(ago(30 * S), now)).toBe('Just now'));
});
