// The trade-in-expiry queue: on the sweeper's cadence, offers past their deadline become expired, each exactly once
// (expireTradeInOffers in core).
import type { Sql } from 'postgres';
import { expireTradeInOffers } from '@app/core/trade-in';
import { QUEUE_NAMES } from '@app/shared';
import { startScheduledQueue, type ScheduledQueue, type ScheduledQueueOptions } from './scheduled-queue.js';

export function startTradeInExpiry(
  deps: { sql: Sql; everyMs: number } & Pick<ScheduledQueueOptions, 'connection' | 'prefix' | 'logger'>,
): ScheduledQueue {
  return startScheduledQueue({ ...deps, name: QUEUE_NAMES.tradeInExpiry, run: () => expireTradeInOffers(deps.sql) });
}
