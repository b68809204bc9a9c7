// The admin portal's headline counts, live from the database.
import type { Sql } from 'postgres';
import type { AdminOverview } from '@app/shared';

export async function adminOverview(sql: Sql): Promise<AdminOverview> {
  const [counts] = await sql<AdminOverview[]>`
    select (select count(*)::int from auctions where status = 'active') as live_auctions,
           (select count(*)::int from users) as users,
           (select count(*)::int from bids where timestamp > now() - interval '1 day') as bids_today,
           (select count(*)::int from auctions where status = 'pending') as pending`;
  return counts!;
}
