// Countdown and relative-time wording from spec part 1 sections 1 and 4.
import { COUNTDOWN_RED_THRESHOLD_MS } from './constants.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function countdownText(remainingMs: number): string {
  if (remainingMs <= 0) return 'Auction ended';
  const days = Math.floor(remainingMs / DAY);
  const hours = Math.floor((remainingMs % DAY) / HOUR);
  const minutes = Math.floor((remainingMs % HOUR) / MINUTE);
  const seconds = Math.floor((remainingMs % MINUTE) / SECOND);
  if (remainingMs >= DAY) return `${days}d ${hours}h`;
  if (remainingMs >= HOUR) return `${hours}h ${minutes}m`;
  if (remainingMs >= MINUTE) return `${minutes}m ${seconds}s`;
  return `${seconds}s`;
}

/** Red at one hour or less remaining. */
export function isCountdownUrgent(remainingMs: number): boolean {
  return remainingMs <= COUNTDOWN_RED_THRESHOLD_MS;
}

function unit(n: number, word: string): string {
  return `${n} ${word}${n > 1 ? 's' : ''} ago`;
}

export function relativeTime(at: Date | string, now: Date = new Date()): string {
  const ms = now.getTime() - new Date(at).getTime();
  if (ms >= DAY) return unit(Math.floor(ms / DAY), 'day');
  if (ms >= HOUR) return unit(Math.floor(ms / HOUR), 'hour');
  if (ms >= MINUTE) return unit(Math.floor(ms / MINUTE), 'minute');
  return 'Just now';
}
