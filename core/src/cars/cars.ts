// Cars a seller lists, and their valuation from the market reference data and the platform's own closed sales.
import type { Sql } from 'postgres';
import {
  PHOTO_TEXTS,
  centsToDecimal,
  photoFileNameOf,
  toValuationReport,
  valueCar,
  type Car,
  type CarValuationResponse,
  type SessionUser,
  type ValuationModel,
} from '@app/shared';
import { Conflict, Invalid, NotFound } from '../errors.js';
import { photosNotOwnedBy } from '../files/photo-store.js';
import { assertFeatureOn } from '../settings/marketplace-settings.js';
import type { PlatformSales } from '../valuation/platform-sales.js';

/** When no sale on this platform tells how long cars like it take: the default auction length (spec). */
const DEFAULT_DAYS_TO_SELL = 7;

export async function createCar(
  sql: Sql,
  owner: SessionUser,
  car: {
    vin: string;
    year: number;
    make: string;
    model: string;
    trim: string;
    mileage: number;
    condition: string;
    images: string[];
    description: string;
    category: Car['category'];
  },
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

export async function valueOwnCar(
  { sql, model, platformSales: sales }: { sql: Sql; model: ValuationModel; platformSales: PlatformSales },
  owner: SessionUser,
  carId: number,
): Promise<CarValuationResponse> {
  await assertFeatureOn(sql, 'aiValuation');
  const [car] = await sql<{ year: number; make: string; model: string; trim: string; mileage: number }[]>`
    select year, make, model, trim, mileage from cars where id = ${carId} and owner_id = ${owner.id}`;
  // Another seller's car is "not found": only its owner may value it.
  if (!car) throw new NotFound('Car not found');
  const platformSales = await sales.forMake(car.make);
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
