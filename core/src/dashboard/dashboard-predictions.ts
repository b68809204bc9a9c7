// The dashboard's AI figures: each open auction the user watches or bids on, valued by the valuation model (with this
// marketplace's closed sales as comparables) and compared with its price by the shared recommendation rule.
import type { Sql } from 'postgres';
import {
  centsToDecimal,
  recommend,
  toCents,
  valueCar,
  type AuctionPrediction,
  type PlatformSale,
  type ValuationModel,
} from '@app/shared';
import type { PlatformSales } from '../valuation/platform-sales.js';

interface Row {
  auctionId: number;
  year: number;
  make: string;
  model: string;
  trim: string;
  mileage: number;
  currentBid: string;
  startingBid: string;
  endTime: Date;
  watched: boolean;
}

export async function dashboardPredictions(
  deps: { sql: Sql; model: ValuationModel; platformSales: PlatformSales },
  userId: number,
): Promise<AuctionPrediction[]> {
  const rows = await deps.sql<Row[]>`
    select a.id as auction_id, c.year, c.make, c.model, c.trim, c.mileage, a.current_bid, a.starting_bid, a.end_time,
           exists (select 1 from watchlist w where w.user_id = ${userId} and w.auction_id = a.id) as watched
    from auctions a join cars c on c.id = a.car_id
    where a.status = 'active'
      and (a.id in (select auction_id from watchlist where user_id = ${userId}) or a.id in (select auction_id from bids where user_id = ${userId}))
    order by a.end_time`;
  const salesByMake = new Map<string, PlatformSale[]>();
  const asOf = new Date().toISOString();
  const out: AuctionPrediction[] = [];
  for (const r of rows) {
    if (!salesByMake.has(r.make)) salesByMake.set(r.make, await deps.platformSales.forMake(r.make));
    const v = valueCar(
      deps.model,
      { year: r.year, make: r.make, model: r.model, trim: r.trim, mileage: r.mileage },
      { asOf, platformSales: salesByMake.get(r.make)! },
    );
    const price = Math.max(toCents(r.currentBid), toCents(r.startingBid));
    out.push({
      auctionId: r.auctionId,
      title: `${r.year} ${r.make} ${r.model}`,
      currentBid: r.currentBid,
      endTime: r.endTime.toISOString(),
      watched: r.watched,
      predictedValue: centsToDecimal(v.valueCents),
      low: centsToDecimal(v.lowCents),
      high: centsToDecimal(v.highCents),
      confidence: Math.round(v.confidence),
      ...recommend(price, v.valueCents),
    });
  }
  return out;
}
