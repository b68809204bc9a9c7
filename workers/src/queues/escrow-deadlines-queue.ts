// The escrow-deadlines queue: on the sweeper's cadence, an unpaid escrow past its payment deadline is cancelled and
// one whose inspection period ended without a dispute releases its funds (runEscrowDeadlines in core).
import type { EventDeps } from '@app/infra';
import { runEscrowDeadlines } from '@app/core/escrow';
import { QUEUE_NAMES } from '@app/shared';
import { startScheduledQueue, type ScheduledQueue, type ScheduledQueueOptions } from './scheduled-queue.js';

export function startEscrowDeadlines(
  deps: EventDeps & Pick<ScheduledQueueOptions, 'connection' | 'prefix' | 'logger'> & { everyMs: number },
): ScheduledQueue {
  return startScheduledQueue({ ...deps, name: QUEUE_NAMES.escrowDeadlines, run: () => runEscrowDeadlines(deps) });
}
