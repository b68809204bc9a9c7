// Cars a seller lists, and their valuation from the market reference data and the platform's own closed sales.
import type { Sql } from 'postgres';
import { PHOTO_TEXTS, centsToDecimal, photoFileNameOf, toCents, toValuationReport, valueCar, type Car, type CarValuationResponse, type MarketRow, type SessionUser, type ValuationModel } from '@app/shared';
import { Conflict, Invalid, NotFound } from '../domain-errors.js';
import { photosNotOwnedBy } from './photo-store.js';
import { assertFeatureOn } from './marketplace-settings.js';

/** When no sale on this platform tells how long cars like it take: the default auction length (spec). */
const DEFAULT_DAYS_TO_SELL = 7;

export async function createCar(
  sql: Sql,
  owner: SessionUser,
  car: { vin: string; year: number; make: string; model: string; trim: string; mileage: number; condition: string; images: string[]; description: string; category: Car['category'] },
): Promise<{ id: number }> {
  const names = car.images.map((url) => photoFileNameOf(url)!);
  if ((await photosNotOwnedBy(sql, owner, names)).length > 0) throw new Invalid(PHOTO_TEXTS.notYours);
  const [row] = await sql<{ id: number }[]>`
    insert into cars (vin, year, make, model, trim, mileage, condition, images, description, category, owner_id)
    values (${car.vin}, ${car.year}, ${car.make}, ${car.model}, ${car.trim}, ${car.mileage}, ${car.condition}, ${car.images}, ${car.description}, ${car.category}, ${owner.id})
    on conflict (vin) do nothing
    returning id`;
  if (!row) throw new Conflict('A car with this VIN is already listed');
  return row;
}

export async function valueOwnCar(sql: Sql, model: ValuationModel, owner: SessionUser, carId: number): Promise<CarValuationResponse> {
  await assertFeatureOn(sql, 'aiValuation');
  const [car] = await sql<{ year: number; make: string; model: string; trim: string; mileage: number }[]>`
    select year, make, model, trim, mileage from cars where id = ${carId} and owner_id = ${owner.id}`;
  // Another seller's car is "not found": only its owner may value it.
  if (!car) throw new NotFound('Car not found');
  const platformSales = await loadPlatformSales(sql, car.make);
  const v = valueCar(model, car, { asOf: new Date().toISOString(), platformSales });
  const result = {
    aiEstimatedValue: centsToDecimal(v.valueCents),
    aiConfidence: v.confidence,
    aiDaysToSell: `${v.daysToSell ?? DEFAULT_DAYS_TO_SELL} days`,
  };
  await sql`
    update cars set ai_estimated_value = ${result.aiEstimatedValue}, ai_confidence = ${result.aiConfidence},
                    ai_days_to_sell = ${result.aiDaysToSell}
    where id = ${carId}`;
  return { ...result, valuation: toValuationReport(v) };
}

/**
 * The platform's own closed sales of a make: the best comparables there are, joining the market data as they happen.
 * Sample sales seeded for the demo are left out: their prices are made up.
 */
export async function loadPlatformSales(sql: Sql, make: string): Promise<(MarketRow & { daysToSell: number })[]> {
  const sales = await sql<{ id: number; year: number; make: string; model: string; trim: string; mileage: number; price: string; closedAt: Date; days: number }[]>`
    select a.id, c.year, c.make, c.model, c.trim, c.mileage, a.winning_amount as price, a.closed_at,
           greatest(1, round(extract(epoch from a.closed_at - a.start_time) / 86400))::int as days
    from auctions a join cars c on c.id = a.car_id
    where a.status in ('sold', 'bought-now') and a.winning_amount is not null and a.closed_at is not null
      and not a.is_sample and lower(c.make) = lower(${make})
    order by a.closed_at desc
    limit 500`;
  return sales.map((s) => ({
    year: s.year, make: s.make, model: s.model, trim: s.trim, mileage: s.mileage, priceCents: toCents(s.price),
    kind: 'platform sale' as const, date: s.closedAt.toISOString().slice(0, 10), source: `auction ${s.id}`, daysToSell: s.days,
  }));
}
