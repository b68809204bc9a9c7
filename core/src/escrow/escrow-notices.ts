// Telling both parties about a step: the escrow.updated events (through the one outbox writer), the same words kept
// in each party's escrow notice list, and a notice in their notifications (the bell, and a mail unless they turned
// escrow mail off; the notices sweep mails it), all in the transaction of the step.
import type { TransactionSql } from 'postgres';
import { escrowStepNotice, type EventDraft } from '@app/shared';
import type { Outbox } from '@app/infra';
import { recordNotices } from '../notices/record-notices.js';

/** `bell: false` keeps a step out of the notifications (the opening of an escrow: the won and sold notices say it). */
export async function tellParties(
  tx: TransactionSql,
  outbox: Outbox,
  drafts: EventDraft[],
  opts: { bell?: boolean } = {},
): Promise<void> {
  const notices = drafts.flatMap((d) => (d.type === 'escrow.updated' ? [d] : []));
  if (notices.length === 0) {
    await outbox.append(drafts);
    return;
  }
  const steps = await tx<{ id: number }[]>`
    insert into escrow_notices (transaction_id, user_id, actor, status, text)
    select transaction_id, user_id, actor, status, text
    from unnest(${notices.map((n) => n.transactionId)}::int[], ${notices.map((n) => n.userId)}::int[],
                ${notices.map((n) => n.actor)}::text[], ${notices.map((n) => n.status)}::text[], ${notices.map((n) => n.text)}::text[])
      with ordinality as t(transaction_id, user_id, actor, status, text, ord)
    order by ord
    returning id`;
  await outbox.append(drafts);
  if (opts.bell === false) return;
  await recordNotices(
    tx,
    outbox,
    notices.map((n, i) =>
      escrowStepNotice({ userId: n.userId, auctionId: n.auctionId, stepId: steps[i]!.id, text: n.text }),
    ),
  );
}
