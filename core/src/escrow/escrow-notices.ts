// Telling both parties about a step: the escrow.updated events (through the one outbox writer), the same words kept
// in each party's escrow notice list, and a notice in their notifications (the bell, and a mail unless they turned
// escrow mail off; the notices sweep mails it), all in the transaction of the step.
import type { TransactionSql } from 'postgres';
import { escrowStepNotice, type EventDraft } from '@app/shared';
import { appendEventsByStream, type CommittedEvent } from '../../../infra/src/events/append-events.js';
import { recordNotices } from '../notices/record-notices.js';

/** `bell: false` keeps a step out of the notifications (the opening of an escrow: the won and sold notices say it). */
export async function tellParties(
  tx: TransactionSql,
  drafts: EventDraft[],
  opts: { bell?: boolean } = {},
): Promise<CommittedEvent[]> {
  const notices = drafts.flatMap((d) => (d.type === 'escrow.updated' ? [d] : []));
  if (notices.length === 0) return appendEventsByStream(tx, drafts);
  const steps = await tx<{ id: number }[]>`
    insert into escrow_notices (transaction_id, user_id, actor, status, text)
    select transaction_id, user_id, actor, status, text
    from unnest(${notices.map((n) => n.transactionId)}::int[], ${notices.map((n) => n.userId)}::int[],
                ${notices.map((n) => n.actor)}::text[], ${notices.map((n) => n.status)}::text[], ${notices.map((n) => n.text)}::text[])
      with ordinality as t(transaction_id, user_id, actor, status, text, ord)
    order by ord
    returning id`;
  const committed = await appendEventsByStream(tx, drafts);
  if (opts.bell === false) return committed;
  const told = await recordNotices(
    tx,
    notices.map((n, i) =>
      escrowStepNotice({ userId: n.userId, auctionId: n.auctionId, stepId: steps[i]!.id, text: n.text }),
    ),
  );
  return [...committed, ...told.committed];
}
