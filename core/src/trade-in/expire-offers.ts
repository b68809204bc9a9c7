// Trade-in offers past their deadline become expired, run by the workers on the sweeper's cadence. One statement
// moves each offer and its evaluation: the status condition is re-checked under the row lock, so two workers running
// it at once (or an owner accepting at the same moment) change each offer exactly once.
import type { Sql } from 'postgres';

export async function expireTradeInOffers(sql: Sql): Promise<{ expired: number }> {
  const rows = await sql<{ id: number }[]>`
    with expired as (
      update trade_in_offers set status = 'expired'
      where status = 'active' and valid_until <= now()
      returning evaluation_id
    )
    update trade_in_evaluations e set status = 'expired', updated_at = now()
    from expired where e.id = expired.evaluation_id
    returning e.id`;
  return { expired: rows.length };
}
