// "Ending in 15 minutes" for every watcher of an auction that is that close to its end, once per auction (the
// notice's unique key), checked on the notices queue's schedule.
import type { Sql } from 'postgres';
import { WATCH_ENDING_NOTICE_MS, watchEndingNotice, type NoticeDraft } from '@app/shared';

export async function watchEndingDrafts(sql: Sql): Promise<NoticeDraft[]> {
  const rows = await sql<{ userId: number; auctionId: number; title: string; minutesLeft: number }[]>`
    select w.user_id, a.id as auction_id, c.year || ' ' || c.make || ' ' || c.model as title,
           ceil(extract(epoch from a.end_time - now()) / 60)::int as minutes_left
    from watchlist w join auctions a on a.id = w.auction_id join cars c on c.id = a.car_id
    where a.status = 'active' and a.end_time > now() and a.end_time <= now() + ${WATCH_ENDING_NOTICE_MS} * interval '1 millisecond'
      and not exists (select 1 from notifications n where n.user_id = w.user_id and n.kind = 'watch-ending' and n.subject = 'auction:' || a.id)`;
  return rows.map((r) => watchEndingNotice(r));
}
