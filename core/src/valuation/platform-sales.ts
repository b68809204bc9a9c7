// The platform's own closed sales, the best comparables there are, kept per make in this process: every valuation
// reads them, and they change only when an auction closes as a sale. Postgres announces each change on commit (a
// trigger on auctions notifies `platform_sales`, migration 0070) and every API process listening empties its cache,
// so a sale joins the valuations of every process as soon as that notification arrives (a moment after the commit)
// without each valuation paying a query for it.
import type { Sql } from 'postgres';
import { toCents, type PlatformSale } from '@app/shared';

export const PLATFORM_SALES_CHANNEL = 'platform_sales';
/** A bound on staleness should the listening connection die unnoticed; changes themselves clear the cache at once. */
const MAX_AGE_MS = 60_000;

/**
 * The platform's closed sales of a make, newest first. Sample sales seeded for the demo are left out: their prices
 * are made up.
 */
async function loadPlatformSales(sql: Sql, make: string): Promise<PlatformSale[]> {
  const sales = await sql<
    {
      id: number;
      year: number;
      make: string;
      model: string;
      trim: string;
      mileage: number;
      price: string;
      closedAt: Date;
      days: number;
    }[]
  >`
    select a.id, c.year, c.make, c.model, c.trim, c.mileage, a.winning_amount as price, a.closed_at,
           greatest(1, round(extract(epoch from a.closed_at - a.start_time) / 86400))::int as days
    from auctions a join cars c on c.id = a.car_id
    where a.status in ('sold', 'bought-now') and a.winning_amount is not null and a.closed_at is not null
      and not a.is_sample and lower(c.make) = lower(${make})
    order by a.closed_at desc
    limit 500`;
  return sales.map((s) => ({
    year: s.year,
    make: s.make,
    model: s.model,
    trim: s.trim,
    mileage: s.mileage,
    priceCents: toCents(s.price),
    kind: 'platform sale' as const,
    date: s.closedAt.toISOString().slice(0, 10),
    source: `auction ${s.id}`,
    daysToSell: s.days,
  }));
}

export class PlatformSales {
  private readonly byMake = new Map<string, { loadedAt: number; sales: Promise<PlatformSale[]> }>();
  /** Only while notifications can reach this process is anything kept; before that (or if listening failed) every call reads. */
  private listening = false;
  private unlisten: (() => Promise<void>) | null = null;

  /** `listenSql` must reach Postgres directly (not through a pooler in transaction mode): it holds a LISTEN session. */
  constructor(
    private readonly sql: Sql,
    private readonly listenSql: Sql = sql,
  ) {}

  /** Listens for changes; each (re)connection of the listener empties the cache, since changes may have been missed. */
  async start(): Promise<void> {
    const { unlisten } = await this.listenSql.listen(
      PLATFORM_SALES_CHANNEL,
      () => this.byMake.clear(),
      () => {
        this.byMake.clear();
        this.listening = true;
      },
    );
    this.unlisten = unlisten;
  }

  async stop(): Promise<void> {
    this.listening = false;
    this.byMake.clear();
    await this.unlisten?.();
  }

  forMake(make: string): Promise<PlatformSale[]> {
    if (!this.listening) return loadPlatformSales(this.sql, make);
    const key = make.toLowerCase();
    const kept = this.byMake.get(key);
    if (kept && Date.now() - kept.loadedAt < MAX_AGE_MS) return kept.sales;
    // Concurrent valuations of one make share one read. A change announced while it runs clears it from the map, so
    // the read (whose snapshot may predate that change) serves only those already waiting on it.
    const entry = { loadedAt: Date.now(), sales: loadPlatformSales(this.sql, key) };
    this.byMake.set(key, entry);
    entry.sales.catch(() => {
      if (this.byMake.get(key) === entry) this.byMake.delete(key);
    });
    return entry.sales;
  }
}
