// The one writer of notices. Each is inserted under its unique key (user, kind, subject) and, only when it is new,
// announced on the user's stream in the same transaction: a replayed event or a second close writes nothing and
// pushes nothing. Whether it will be mailed is decided here too, from the user's email settings.
import type { TransactionSql } from 'postgres';
import type { Outbox } from '@app/infra';
import type { EventDraft, NoticeDraft } from '@app/shared';

export interface RecordedNotices {
  /** How many of the notices were new. */
  inserted: number;
  /** The new notices that are to be mailed. */
  toMail: number[];
}

interface Inserted {
  id: number;
  userId: number;
  kind: NoticeDraft['kind'];
  auctionId: number | null;
  text: string;
  link: string;
  createdAt: Date;
  mailStatus: 'pending' | 'skip';
}

export async function recordNotices(
  tx: TransactionSql,
  outbox: Outbox,
  drafts: readonly NoticeDraft[],
): Promise<RecordedNotices> {
  if (drafts.length === 0) return { inserted: 0, toMail: [] };
  const rows = await tx<Inserted[]>`
    insert into notifications as n (user_id, kind, subject, auction_id, text, link, mail_status)
    select d.user_id, d.kind, d.subject, d.auction_id, d.text, d.link,
           case when d.mail = 'no' or exists (select 1 from email_opt_outs o where o.user_id = d.user_id and o.kind = d.kind)
                then 'skip' else 'pending' end
    from unnest(${drafts.map((d) => d.userId)}::int[], ${drafts.map((d) => d.kind)}::text[], ${drafts.map((d) => d.subject)}::text[],
                ${drafts.map((d) => d.auctionId)}::int[], ${drafts.map((d) => d.text)}::text[], ${drafts.map((d) => d.link)}::text[],
                ${drafts.map((d) => (d.mail === false ? 'no' : 'yes'))}::text[])
      as d(user_id, kind, subject, auction_id, text, link, mail)
    order by d.user_id, d.kind, d.subject
    on conflict (user_id, kind, subject) do nothing
    returning id, user_id, kind, auction_id, text, link, created_at, mail_status`;
  const events: EventDraft[] = rows.map((r) => ({
    type: 'notification.created',
    userId: r.userId,
    at: r.createdAt.toISOString(),
    notification: {
      id: r.id,
      kind: r.kind,
      auctionId: r.auctionId,
      text: r.text,
      link: r.link,
      createdAt: r.createdAt.toISOString(),
      read: false,
    },
  }));
  await outbox.append(events);
  return { inserted: rows.length, toMail: rows.filter((r) => r.mailStatus === 'pending').map((r) => r.id) };
}
