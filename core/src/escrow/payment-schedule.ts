// The buyer's payment schedule as stored in payment_schedules, read and written under the escrow's row lock: which
// provider intent pays which lines, and the lines a confirmed payment settles. What is owed, what one payment covers
// and how a refund is spread are decided in shared/src/domain/escrow-payments.ts.
import type { Sql, TransactionSql } from 'postgres';
import { centsToDecimal, toCents, type PaymentScheduleType, type ScheduleLine } from '@app/shared';

export type StoredLine = ScheduleLine & { id: number };

/** Every line of an escrow's schedule, oldest first (the order they were paid in, for refunds). */
export async function scheduleLinesOf(sql: Sql | TransactionSql, transactionId: number): Promise<StoredLine[]> {
  const rows = await sql<
    {
      id: number;
      paymentType: PaymentScheduleType;
      amount: string;
      dueDate: Date;
      status: string;
      paymentId: string | null;
    }[]
  >`
    select id, payment_type, amount, due_date, status, payment_id from payment_schedules
    where transaction_id = ${transactionId} order by paid_at nulls last, id`;
  return rows.map((r) => ({
    id: r.id,
    paymentType: r.paymentType,
    amountCents: toCents(r.amount),
    dueAtMs: r.dueDate.getTime(),
    status: r.status,
    paymentId: r.paymentId,
  }));
}

/**
 * Puts a new intent on the lines it pays; any other line still owed lets go of its earlier intent (a declined one),
 * so a late confirmation of that intent finds nothing to settle.
 */
export async function assignIntent(
  tx: TransactionSql,
  transactionId: number,
  lineIds: readonly number[],
  intentId: string,
): Promise<void> {
  await tx`
    update payment_schedules set payment_id = case when id = any(${lineIds}::int[]) then ${intentId} else null end
    where transaction_id = ${transactionId} and status in ('pending', 'failed') and payment_type <> 'refund'
      and (id = any(${lineIds}::int[]) or payment_id is not null)`;
  await tx`update escrow_transactions set payment_intent_id = ${intentId}, updated_at = now() where id = ${transactionId}`;
}

/** Refund lines, one per payment reversed, pending until the provider has sent the money back. */
export async function insertRefundLines(
  tx: TransactionSql,
  transactionId: number,
  refunds: readonly { paymentId: string; cents: number }[],
) {
  if (refunds.length === 0) return [];
  return tx<{ id: number; paymentId: string; amount: string }[]>`
    insert into payment_schedules (transaction_id, payment_type, amount, due_date, payment_id)
    select ${transactionId}, 'refund', a::numeric(10, 2), now(), p
    from unnest(${refunds.map((r) => centsToDecimal(r.cents))}::text[], ${refunds.map((r) => r.paymentId)}::text[]) with ordinality as r(a, p, n)
    order by n
    returning id, payment_id, amount`;
}
