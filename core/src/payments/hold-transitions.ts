// A hold's transitions as stored. The provider's answer and its signed webhook both land here, in either order, any
// number of times: each transition is recorded once (bid_hold_transitions), and the hold moves only the way
// applyHoldTransition (shared/src/domain/verified-bidders.ts) allows, so a late or replayed event changes nothing.
// A capture also pays the buyer's premium into the escrow's payment lines, in the same transaction, once.
import type { Sql, TransactionSql } from 'postgres';
import {
  applyHoldTransition,
  centsToDecimal,
  isOwed,
  toCents,
  type HoldStatus,
  type HoldTransitionKind,
  type HoldWebhookEvent,
} from '@app/shared';
import { lockEscrow } from '../escrow/escrow-actions.js';
import { scheduleLinesOf } from '../escrow/payment-schedule.js';

export type HoldOutcome = 'applied' | 'duplicate' | 'ignored';

type Transition = { holdId: string; kind: HoldTransitionKind; amountCents: number };

export function recordHoldTransition(sql: Sql, t: Transition): Promise<HoldOutcome> {
  return sql.begin((tx) => recordIn(tx, t));
}

async function recordIn(tx: TransactionSql, t: Transition): Promise<HoldOutcome> {
  const [hold] = await tx<
    {
      holdId: string;
      auctionId: number;
      userId: number;
      amount: string;
      status: HoldStatus;
      transactionId: number | null;
    }[]
  >`select hold_id, auction_id, user_id, amount, status, transaction_id from bid_holds where hold_id = ${t.holdId} for update`;
  // A webhook can outrun the answer that creates the row: the answer then records the transition itself.
  if (!hold) return 'ignored';
  const [fresh] = await tx`
      insert into bid_hold_transitions (hold_id, kind, amount) values (${t.holdId}, ${t.kind}, ${centsToDecimal(t.amountCents)})
      on conflict do nothing returning kind`;
  const next = applyHoldTransition({ status: hold.status, amountCents: toCents(hold.amount) }, t);
  if (!next) return fresh ? 'applied' : 'duplicate';
  if (next.status === 'captured') {
    const transactionId = await payPremiumIntoEscrow(tx, hold, t.amountCents);
    await tx`
        update bid_holds set status = 'captured', captured_amount = ${centsToDecimal(t.amountCents)},
          transaction_id = ${transactionId}, updated_at = now()
        where hold_id = ${t.holdId}`;
  } else {
    await tx`
        update bid_holds set status = ${next.status}, amount = ${centsToDecimal(next.amountCents)}, updated_at = now()
        where hold_id = ${t.holdId}`;
  }
  return 'applied';
}

/** The provider's webhook for a hold: recorded once by its event id, then applied like the provider's answer. */
export async function receiveHoldEvent(sql: Sql, event: HoldWebhookEvent): Promise<HoldOutcome> {
  return sql.begin(async (tx) => {
    const [fresh] = await tx`
      insert into payment_webhook_events (event_id, event_type, payload) values (${event.id}, ${event.type}, ${tx.json(event)})
      on conflict (event_id) do nothing returning event_id`;
    if (!fresh) return 'duplicate';
    const kind = event.type.slice('hold.'.length) as HoldTransitionKind;
    const outcome = await recordIn(tx, { holdId: event.data.holdId, kind, amountCents: toCents(event.data.amount) });
    // A new event for a transition the provider's answer already recorded is not a duplicate delivery: it is news
    // that changes nothing.
    return outcome === 'duplicate' ? 'ignored' : outcome;
  });
}

/**
 * The captured premium as a paid line of the winner's escrow, taken off what is still owed: the deposit when it has no
 * payment under way, else the balance. The total owed stays the sale's buyer total.
 */
async function payPremiumIntoEscrow(
  tx: TransactionSql,
  hold: { holdId: string; auctionId: number; userId: number },
  cents: number,
): Promise<number | null> {
  const [escrow] = await tx<{ id: number }[]>`
    select id from escrow_transactions
    where auction_id = ${hold.auctionId} and buyer_id = ${hold.userId} and status <> 'cancelled'`;
  if (!escrow) return null;
  await lockEscrow(tx, escrow.id);
  const lines = await scheduleLinesOf(tx, escrow.id);
  const from =
    lines.find((l) => l.paymentType === 'deposit' && isOwed(l) && l.paymentId === null && l.amountCents > cents) ??
    lines.find((l) => l.paymentType === 'balance' && isOwed(l) && l.paymentId === null && l.amountCents > cents);
  if (from) {
    await tx`update payment_schedules set amount = amount - ${centsToDecimal(cents)}::numeric where id = ${from.id}`;
  }
  await tx`
    insert into payment_schedules (transaction_id, payment_type, amount, due_date, status, paid_at, payment_id)
    values (${escrow.id}, 'fee', ${centsToDecimal(cents)}, now(), 'paid', now(), ${hold.holdId})`;
  return escrow.id;
}
