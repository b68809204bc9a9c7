// Escrow deadlines, run by the workers on the sweeper's cadence: an unpaid escrow past its payment deadline is
// cancelled; one whose inspection period ended without a dispute releases its funds. Each move goes through the one
// escrow service under a row lock, so running this twice, or on two workers at once, moves each escrow once.
import type { EventDeps } from '@app/infra';
import { performEscrowAction } from './escrow-actions.js';

const BATCH = 500;

export async function runEscrowDeadlines(deps: EventDeps): Promise<{ cancelled: number; completed: number }> {
  const due = await deps.sql<{ id: number; status: 'pending' | 'in_inspection' }[]>`
    select id, status from escrow_transactions
    where (status = 'pending' and payment_due_at <= now()) or (status = 'in_inspection' and inspection_period_ends <= now())
    order by id
    limit ${BATCH}`;
  const counts = { cancelled: 0, completed: 0 };
  for (const t of due) {
    const action = t.status === 'pending' ? 'cancel_unpaid' : 'complete_after_inspection';
    const r = await performEscrowAction(deps, { transactionId: t.id, action, caller: { kind: 'system' } });
    // A refusal here means another worker (or a party) moved it first: nothing to do.
    if (r.ok && r.changed) counts[action === 'cancel_unpaid' ? 'cancelled' : 'completed'] += 1;
  }
  return counts;
}
