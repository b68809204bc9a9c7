// How long `npm start`'s launcher waits before restarting a service that died: 1 s at first, doubling while it keeps
// dying soon after each start, never more than 30 s, and back to 1 s once it had stayed up a minute.
import { expect, it } from 'vitest';
import { RESTART_BACKOFF, restartDelay } from '../scripts/process-group.mjs';

it('waits 1 s before the first restart', () => {
  expect(restartDelay(0, 5)).toBe(1000);
});

it('doubles the wait while the service keeps dying soon after it starts, up to 30 s', () => {
  const waits: number[] = [];
  let wait = 0;
  for (let i = 0; i < 8; i += 1) waits.push((wait = restartDelay(wait, 2_000)));
  expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
});

it('starts again from 1 s once the service had stayed up a while', () => {
  expect(restartDelay(30_000, RESTART_BACKOFF.stableAfterMs)).toBe(1000);
  expect(restartDelay(30_000, RESTART_BACKOFF.stableAfterMs - 1)).toBe(30_000);
});
