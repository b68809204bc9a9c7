// Cars a seller lists, and their valuation from the platform's own closed sales.
import type { Sql } from 'postgres';
import { PHOTO_TEXTS, centsToDecimal, photoFileNameOf, toCents, valueCar, type Comparable, type SessionUser } from '@app/shared';
import { Conflict, Invalid, NotFound } from '../domain-errors.js';
import { photosNotOwnedBy } from './photo-store.js';

export async function createCar(
  sql: Sql,
  owner: SessionUser,
  car: { vin: string; year: number; make: string; model: string; mileage: number; condition: string; images: string[]; description: string },
): Promise<{ id: number }> {
  const names = car.images.map((url) => photoFileNameOf(url)!);
  if ((await photosNotOwnedBy(sql, owner, names)).length > 0) throw new Invalid(PHOTO_TEXTS.notYours);
  const [row] = await sql<{ id: number }[]>`
    insert into cars (vin, year, make, model, mileage, condition, images, description, owner_id)
    values (${car.vin}, ${car.year}, ${car.make}, ${car.model}, ${car.mileage}, ${car.condition}, ${car.images}, ${car.description}, ${owner.id})
    on conflict (vin) do nothing
    returning id`;
  if (!row) throw new Conflict('A car with this VIN is already listed');
  return row;
}

export async function valueOwnCar(sql: Sql, owner: SessionUser, carId: number) {
  const [car] = await sql<{ year: number; make: string; model: string; mileage: number; condition: string }[]>`
    select year, make, model, mileage, condition from cars where id = ${carId} and owner_id = ${owner.id}`;
  // Another seller's car is "not found": only its owner may value it.
  if (!car) throw new NotFound('Car not found');
  const comparables = await loadComparables(sql, car.make, car.model);
  const v = valueCar(car, comparables, new Date().getUTCFullYear());
  const result = {
    aiEstimatedValue: centsToDecimal(v.valueCents),
    aiConfidence: v.confidence,
    aiDaysToSell: `${v.daysToSell} days`,
  };
  await sql`
    update cars set ai_estimated_value = ${result.aiEstimatedValue}, ai_confidence = ${result.aiConfidence},
                    ai_days_to_sell = ${result.aiDaysToSell}
    where id = ${carId}`;
  return { ...result, comparablesUsed: v.comparablesUsed, breakdown: v.breakdown };
}

/** The platform's own closed sales of a make and model: the comparables every valuation starts from. */
export async function loadComparables(sql: Sql, make: string, model: string): Promise<Comparable[]> {
  const sales = await sql<{ year: number; make: string; model: string; mileage: number; condition: string; price: string; days: number }[]>`
    select c.year, c.make, c.model, c.mileage, c.condition, a.winning_amount as price,
           greatest(1, round(extract(epoch from a.closed_at - a.start_time) / 86400))::int as days
    from auctions a join cars c on c.id = a.car_id
    where a.status in ('sold', 'bought-now') and a.winning_amount is not null
      and lower(c.make) = lower(${make}) and lower(c.model) = lower(${model})
    order by a.closed_at desc
    limit 200`;
  return sales.map((s) => ({ ...s, priceCents: toCents(s.price), daysToSell: s.days }));
}
