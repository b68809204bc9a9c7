// The housekeeping queue: every ten minutes, rows that have outlived their purpose are deleted in batches (expired
// idempotency keys and sessions, outbox rows published a week ago; runHousekeeping in core).
import type { Sql } from 'postgres';
import { runHousekeeping } from '@app/core/housekeeping';
import { QUEUE_NAMES } from '@app/shared';
import { startScheduledQueue, type ScheduledQueue, type ScheduledQueueOptions } from './scheduled-queue.js';

export const HOUSEKEEPING_EVERY_MS = 10 * 60_000;

export function startHousekeeping(
  deps: { sql: Sql } & Pick<ScheduledQueueOptions, 'connection' | 'prefix' | 'logger'>,
): ScheduledQueue {
  return startScheduledQueue({
    ...deps,
    name: QUEUE_NAMES.housekeeping,
    everyMs: HOUSEKEEPING_EVERY_MS,
    run: () => runHousekeeping(deps.sql),
  });
}
