// Demo data, safe to run on every development start: nothing is added twice, and sample cars whose auction has ended
// are relisted with an end time relative to now, so a fresh start always has live auctions counting down. Never in
// production (its accounts have public passwords): prepare-cli.ts skips it and seed-cli.ts refuses there.
import { randomBytes } from 'node:crypto';
import type { Sql } from 'postgres';
import {
  DEMO_ADMIN,
  DEMO_ADMIN_TOTP_SECRET,
  DEMO_USER,
  MIN_BID_INCREMENT_CENTS,
  centsToDecimal,
  withCheckDigit,
} from '@app/shared';
import { DEMO_PREMIUM_USER } from './demo-accounts.js';
import {
  LIVE_SAMPLE_CARS,
  SAMPLE_BIDDER_NAMES,
  SAMPLE_CHAT,
  SAMPLE_COMMENTS,
  sampleCategory,
  type SampleCar,
} from './sample-catalog.js';
import { CLOSED_SAMPLE_SALES } from './sample-sales.js';
import { seedForum } from './seed-forum.js';
import { hashPassword } from '../passwords.js';
import { addAdmin } from '../admins/add-admin.js';

/** VIN position 10 for model years 2010-2039 (a letter in position 7, as the descriptor here has, picks that cycle). */
const MODEL_YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

export function sampleVin(wmi: string, index: number, year: number): string {
  // WMI + descriptor + check digit + model year code + plant + serial: valid characters, valid check digit, and the
  // year the car is listed with, so a decoded VIN never contradicts its listing.
  const code = MODEL_YEAR_CODES[year - 2010];
  if (!code) throw new Error(`sample cars are model years 2010-2039, not ${year}`);
  return withCheckDigit(`${wmi}SMPL00${code}A${String(100000 + index).slice(-6)}`);
}

export async function seed(sql: Sql, { log = () => {} }: { log?: (m: string) => void } = {}): Promise<void> {
  const userIds = await seedAccounts(sql);
  const relisted = await seedLiveAuctions(sql, userIds);
  const sales = await seedClosedSales(sql, userIds.bidders);
  await seedForum(sql, [userIds.demo, ...userIds.bidders]);
  log(`Demo data ready: ${relisted} sample auction(s) listed, ${sales} sample sale(s) added`);
}

interface SeedUsers {
  demo: number;
  collector: number;
  bidders: number[];
  /** Sells the sample cars and takes the seller's escrow steps itself (core/src/escrow/sample-seller.ts). */
  sampleSeller: number;
}

/** Nobody signs in as the sample seller: its password is random, and its address cannot receive mail. */
export const SAMPLE_SELLER = { email: 'sample.seller@carbid.example', name: 'CarBid Sample Motors' } as const;

async function upsertUser(
  sql: Sql,
  email: string,
  name: string,
  password: string | null,
  isPremium: boolean,
): Promise<number> {
  const [existing] = await sql<{ id: number }[]>`select id from users where email = ${email}`;
  if (existing) return existing.id;
  // Sample bidders get a random password nobody knows: they exist to make auctions look lived in, not to sign in.
  const passwordHash = await hashPassword(password ?? randomBytes(24).toString('hex'));
  const [row] = await sql<{ id: number }[]>`
    insert into users (email, name, password_hash, is_premium) values (${email}, ${name}, ${passwordHash}, ${isPremium})
    on conflict (email) do update set email = excluded.email
    returning id`;
  return row!.id;
}

async function seedAccounts(sql: Sql): Promise<SeedUsers> {
  const demo = await upsertUser(sql, DEMO_USER.email, DEMO_USER.name, DEMO_USER.password, false);
  const collector = await upsertUser(
    sql,
    DEMO_PREMIUM_USER.email,
    DEMO_PREMIUM_USER.name,
    DEMO_PREMIUM_USER.password,
    true,
  );
  const bidders: number[] = [];
  for (const [i, name] of SAMPLE_BIDDER_NAMES.entries()) {
    bidders.push(await upsertUser(sql, `sample.bidder${i + 1}@carbid.example`, name, null, i % 3 === 0));
  }
  const sampleSeller = await upsertUser(sql, SAMPLE_SELLER.email, SAMPLE_SELLER.name, null, false);
  await sql`update users set is_sample_seller = true where id = ${sampleSeller}`;
  await addAdmin(sql, DEMO_ADMIN);
  // The demo accounts bid from their first visit: each has the sandbox's Visa test card on file, as if added once.
  for (const id of [demo, collector]) {
    await sql`
      insert into payment_cards (user_id, setup_intent_id, status, payment_method_id, brand, last4, verified_at)
      values (${id}, ${`seti_sandbox_demo_${id}`}, 'verified', ${`pm_sandbox_4242_demo_${id}`}, 'visa', '4242', now())
      on conflict (user_id) do nothing`;
  }
  // Admins must have the second factor; the demo admin's key is published with its password (the seed never runs in
  // production).
  await sql`
    update admin_users set totp_secret = ${DEMO_ADMIN_TOTP_SECRET}, totp_enabled_at = now()
    where email = ${DEMO_ADMIN.email} and totp_secret is null`;
  return { demo, collector, bidders, sampleSeller };
}

async function seedLiveAuctions(sql: Sql, users: SeedUsers): Promise<number> {
  let listed = 0;
  for (const [index, car] of LIVE_SAMPLE_CARS.entries()) {
    const vin = sampleVin(car.wmi, index, car.year);
    const carId = await upsertCar(sql, vin, car, users.sampleSeller);
    const [live] = await sql`select 1 from auctions where car_id = ${carId} and status in ('active', 'pending')`;
    if (live) continue;
    await listSampleAuction(sql, carId, car, users, index);
    listed += 1;
  }
  return listed;
}

async function upsertCar(sql: Sql, vin: string, car: SampleCar, sampleSeller: number): Promise<number> {
  // A sample car nobody owns is the sample seller's (older demo databases listed them without an owner).
  const [row] = await sql<{ id: number }[]>`
    insert into cars (vin, year, make, model, mileage, condition, images, description, ai_estimated_value, ai_confidence, ai_days_to_sell, category, owner_id)
    values (${vin}, ${car.year}, ${car.make}, ${car.model}, ${car.mileage}, ${car.condition},
            ${[`/images/cars/${car.image}.svg`, `/images/cars/${car.image}-rear.svg`]}, ${car.description},
            ${centsToDecimal(car.aiValue * 100)}, ${car.aiConfidence}, ${`${car.aiDaysToSell} days`}, ${sampleCategory(car.model)}, ${sampleSeller})
    on conflict (vin) do update set category = excluded.category, owner_id = coalesce(cars.owner_id, excluded.owner_id)
    returning id`;
  return row!.id;
}

async function listSampleAuction(
  sql: Sql,
  carId: number,
  car: SampleCar,
  users: SeedUsers,
  index: number,
): Promise<void> {
  const bidderPool = car.premiumOnly
    ? [users.collector, ...users.bidders.filter((_, i) => i % 3 === 0)]
    : users.bidders;
  await sql.begin(async (tx) => {
    const startedMinutesAgo = 2 * 24 * 60;
    const amounts: number[] = [];
    for (let b = 0; b < car.bids; b += 1) {
      const previous = amounts.at(-1);
      const step = MIN_BID_INCREMENT_CENTS * (1 + ((index + b) % 3));
      amounts.push(previous === undefined ? car.startingBid * 100 : previous + step);
    }
    const current = amounts.at(-1) ?? 0;
    const [auction] = await tx<{ id: number }[]>`
      insert into auctions (car_id, starting_bid, current_bid, buy_it_now_price, reserve_price, auction_type, start_time, end_time,
                            is_premium_only, location, status, bid_count, is_sample)
      values (${carId}, ${centsToDecimal(car.startingBid * 100)}, ${centsToDecimal(current)},
              ${car.buyItNow ? centsToDecimal(car.buyItNow * 100) : null}, ${car.reserve ? centsToDecimal(car.reserve * 100) : null},
              ${car.auctionType}, now() - ${startedMinutesAgo} * interval '1 minute', now() + ${car.endsInMinutes} * interval '1 minute',
              ${car.premiumOnly}, ${car.location}, 'active', ${amounts.length}, true)
      returning id`;
    const auctionId = auction!.id;
    for (const [b, amount] of amounts.entries()) {
      const minutesAgo = Math.round(startedMinutesAgo * (1 - (b + 1) / (amounts.length + 1)));
      await tx`
        insert into bids (auction_id, user_id, amount, timestamp)
        values (${auctionId}, ${bidderPool[(index + b) % bidderPool.length]!}, ${centsToDecimal(amount)}, now() - ${minutesAgo} * interval '1 minute')`;
    }
    for (let k = 0; k < 1 + (index % 3); k += 1) {
      await tx`
        insert into comments (auction_id, user_id, content, timestamp)
        values (${auctionId}, ${users.bidders[(index + k) % users.bidders.length]!}, ${SAMPLE_COMMENTS[(index + k) % SAMPLE_COMMENTS.length]!},
                now() - ${(k + 1) * 97} * interval '1 minute')`;
    }
    await tx`
      insert into chat_messages (auction_id, user_id, message, timestamp, is_system_message)
      values (${auctionId}, null, 'Auction started', now() - ${startedMinutesAgo} * interval '1 minute', true)`;
    for (let k = 0; k < 3; k += 1) {
      await tx`
        insert into chat_messages (auction_id, user_id, message, timestamp)
        values (${auctionId}, ${users.bidders[(index + k + 2) % users.bidders.length]!}, ${SAMPLE_CHAT[(index + k) % SAMPLE_CHAT.length]!},
                now() - ${(3 - k) * 11} * interval '1 minute')`;
    }
  });
}

async function seedClosedSales(sql: Sql, bidders: number[]): Promise<number> {
  let added = 0;
  for (const [index, sale] of CLOSED_SAMPLE_SALES.entries()) {
    const vin = sampleVin(sale.wmi, 500 + index, sale.year);
    const [car] = await sql<{ id: number }[]>`
      insert into cars (vin, year, make, model, mileage, condition, images, description, category)
      values (${vin}, ${sale.year}, ${sale.make}, ${sale.model}, ${sale.mileage}, ${sale.condition},
              ${[`/images/cars/${sale.image}.svg`]}, 'Sample sale history', ${sampleCategory(sale.model)})
      on conflict (vin) do nothing
      returning id`;
    if (!car) continue;
    const price = centsToDecimal(sale.price * 100);
    await sql`
      insert into auctions (car_id, starting_bid, current_bid, auction_type, start_time, end_time, is_active, location, status,
                            bid_count, winner_id, winning_amount, closed_at, is_sample)
      values (${car.id}, ${centsToDecimal(Math.round(sale.price * 0.7) * 100)}, ${price}, 'no-reserve',
              now() - ${sale.daysAgo + 7} * interval '1 day', now() - ${sale.daysAgo} * interval '1 day', false, ${sale.location},
              'sold', ${sale.bids}, ${bidders[index % bidders.length]!}, ${price}, now() - ${sale.daysAgo} * interval '1 day', true)`;
    added += 1;
  }
  return added;
}
