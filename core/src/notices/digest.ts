// The daily digest. A member who turned it on gets one mail on each of their local days, during the hour they chose
// in their time zone, listing the auctions that end in the next 24 hours in sections. Exactly once per member and day
// however many workers run it and however often: the mail is sent inside the transaction that inserted the
// (member, day) row of digest_sends, so a second worker's insert waits for that commit and then finds the row taken;
// a worker dying before its commit leaves the day unclaimed for the next run. Only a process dying between the SMTP
// server's answer and the commit can send twice (as with notices); the mail keeps one Message-ID per member and day.
import type { Sql, TransactionSql } from 'postgres';
import {
  DIGEST_SECTION_LIMIT,
  digestMail,
  type DigestListing,
  type DigestSection,
  type DigestSettings,
} from '@app/shared';
import type { MailDeps } from './mail-notice.js';
import { Invalid } from '../errors.js';
import { unsubscribeParts } from './unsubscribe-token.js';
import { savedSearchMatchesEndingSoon } from '../saved-searches/index.js';

const ENDING_SOON = `a.status = 'active' and a.end_time > now() and a.end_time <= now() + interval '24 hours'`;
const LISTING_COLUMNS = `a.id as auction_id, c.year || ' ' || c.make || ' ' || c.model as title,
  (case when a.bid_count = 0 then a.starting_bid else a.current_bid end)::text as price, a.end_time`;

type ListingRow = Omit<DigestListing, 'endTime'> & { endTime: Date };
const toListing = (r: ListingRow): DigestListing => ({ ...r, endTime: r.endTime.toISOString() });

/**
 * The digest's sections, in order: each reads the listings ending in the next 24 hours that it is about; a listing is
 * shown once, in the first section that has it (the watchlist, then the member's saved searches, then the most watched).
 */
export const DIGEST_SECTIONS: readonly {
  id: string;
  heading: string;
  read(tx: TransactionSql, userId: number): Promise<ListingRow[]>;
}[] = [
  {
    id: 'watchlist',
    heading: 'On your watchlist',
    read: (tx, userId) => tx<ListingRow[]>`
      select ${tx.unsafe(LISTING_COLUMNS)} from watchlist w join auctions a on a.id = w.auction_id join cars c on c.id = a.car_id
      where w.user_id = ${userId} and ${tx.unsafe(ENDING_SOON)}
      order by a.end_time, a.id limit ${DIGEST_SECTION_LIMIT}`,
  },
  {
    id: 'saved-searches',
    heading: 'Matching your saved searches',
    read: (tx, userId) => savedSearchMatchesEndingSoon(tx, userId, DIGEST_SECTION_LIMIT),
  },
  {
    id: 'most-watched',
    heading: 'Most watched',
    read: (tx, userId) => tx<ListingRow[]>`
      select ${tx.unsafe(LISTING_COLUMNS)} from auctions a join cars c on c.id = a.car_id
      join lateral (select count(*)::int as watchers from watchlist w where w.auction_id = a.id) n on true
      where ${tx.unsafe(ENDING_SOON)} and n.watchers > 0
        and not exists (select 1 from watchlist mine where mine.user_id = ${userId} and mine.auction_id = a.id)
      order by n.watchers desc, a.end_time, a.id limit ${DIGEST_SECTION_LIMIT}`,
  },
];

export const digestMessageId = (userId: number, day: string) => `<digest-${userId}-${day}@carbid.example>`;

/** The member's digest setting; off (with the default hour and UTC) when they never turned it on. */
export async function digestSettings(sql: Sql, userId: number): Promise<DigestSettings> {
  const [row] = await sql<{ hour: number; timeZone: string }[]>`
    select hour, time_zone from digest_settings where user_id = ${userId}`;
  return row ? { enabled: true, hour: row.hour, timeZone: row.timeZone } : { enabled: false, hour: 8, timeZone: 'UTC' };
}

export async function setDigest(sql: Sql, userId: number, s: DigestSettings): Promise<DigestSettings> {
  // The schema asked the JavaScript runtime; the digest's query asks Postgres, whose list of zones may differ: a zone
  // Postgres does not know would break every member's digest run, so it is refused here.
  const known = await sql`select now() at time zone ${s.timeZone}`.then(
    () => true,
    () => false,
  );
  if (!known) throw new Invalid('This time zone is not known here: choose another name for it, or UTC');
  if (s.enabled)
    await sql`
      insert into digest_settings (user_id, hour, time_zone) values (${userId}, ${s.hour}, ${s.timeZone})
      on conflict (user_id) do update set hour = excluded.hour, time_zone = excluded.time_zone, updated_at = now()`;
  else await sql`delete from digest_settings where user_id = ${userId}`;
  return digestSettings(sql, userId);
}

/** The members whose chosen hour it is now in their time zone and whose digest for today is not claimed yet. */
async function dueMembers(sql: Sql, limit: number): Promise<{ userId: number; day: string }[]> {
  return sql<{ userId: number; day: string }[]>`
    select s.user_id, to_char((now() at time zone s.time_zone)::date, 'YYYY-MM-DD') as day
    from digest_settings s
    where extract(hour from now() at time zone s.time_zone) = s.hour
      and not exists (select 1 from digest_sends d where d.user_id = s.user_id and d.day = (now() at time zone s.time_zone)::date)
    order by s.user_id limit ${limit}`;
}

/** Mails one member's digest for one of their days, unless it was claimed already: 'sent', 'empty' or 'done'. */
export async function mailDigest(deps: MailDeps, userId: number, day: string): Promise<'sent' | 'empty' | 'done'> {
  return deps.sql.begin(async (tx) => {
    const [claimed] = await tx<{ userId: number }[]>`
      insert into digest_sends (user_id, day, status)
      select user_id, ${day}::date, 'sent' from digest_settings where user_id = ${userId}
      on conflict (user_id, day) do nothing returning user_id`;
    if (!claimed) return 'done';
    const [member] = await tx<{ email: string; name: string }[]>`select email, name from users where id = ${userId}`;
    const sections: DigestSection[] = [];
    const shown = new Set<number>();
    for (const s of DIGEST_SECTIONS) {
      const listings = (await s.read(tx, userId)).filter((l) => !shown.has(l.auctionId));
      for (const l of listings) shown.add(l.auctionId);
      sections.push({ id: s.id, heading: s.heading, listings: listings.map(toListing) });
    }
    const unsubscribe = unsubscribeParts(deps.publicUrl, deps.signingKey, userId, 'digest');
    const mail = digestMail({
      name: member!.name,
      sections,
      publicUrl: deps.publicUrl,
      unsubscribeUrl: unsubscribe.pageUrl,
    });
    if (!mail) {
      await tx`update digest_sends set status = 'empty' where user_id = ${userId} and day = ${day}::date`;
      return 'empty';
    }
    await deps.transport.sendMail({
      from: deps.from,
      to: { name: member!.name, address: member!.email },
      subject: mail.subject,
      messageId: digestMessageId(userId, day),
      ...unsubscribe.mail,
      text: mail.text,
      html: mail.html,
    });
    const listings = new Set(sections.flatMap((s) => s.listings.map((l) => l.auctionId))).size;
    await tx`update digest_sends set listings = ${listings} where user_id = ${userId} and day = ${day}::date`;
    return 'sent';
  });
}

/** One run of the digest job: every member due now, a few at a time; returns how many digests this run mailed. */
export async function runDigests(deps: MailDeps, batch = 200): Promise<number> {
  let sent = 0;
  for (const m of await dueMembers(deps.sql, batch))
    if ((await mailDigest(deps, m.userId, m.day)) === 'sent') sent += 1;
  // Claims older than a month say nothing any more.
  await deps.sql`delete from digest_sends where day < current_date - 31`;
  return sent;
}
