// Rows a test needs before it can act: members and auctions, inserted directly as the seed would. Shared by the
// core tests and the API's (through api/test/support/test-app.ts).
import type { Sql } from 'postgres';
import { hashPassword } from '@app/infra';

let passwordHash: Promise<string> | undefined;
export const TEST_PASSWORD = 'correct-horse-battery';

export async function createUser(
  sql: Sql,
  {
    name = 'Test Bidder',
    email,
    isPremium = false,
    card = true,
    exempt = false,
  }: {
    name?: string;
    email?: string;
    isPremium?: boolean;
    /** A card saved and verified as the sandbox provider would (Visa 4242), so the member may bid; false: none. */
    card?: boolean;
    /** Exempted by an admin (a dealer account): bids without a card and without holds. */
    exempt?: boolean;
  } = {},
): Promise<{ id: number; email: string; name: string }> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const address = email ?? `user-${Math.random().toString(36).slice(2)}@example.test`;
  const [row] = await sql<{ id: number }[]>`
    insert into users (email, name, password_hash, is_premium, bid_exempt)
    values (${address}, ${name}, ${await passwordHash}, ${isPremium}, ${exempt})
    returning id`;
  if (card) await saveTestCard(sql, row!.id);
  return { id: row!.id, email: address, name };
}

/** A verified card on file, as the provider's setup webhook leaves it; `last4` picks the sandbox test card. */
export async function saveTestCard(sql: Sql, userId: number, last4 = '4242'): Promise<void> {
  const ref = `${userId}_${Math.random().toString(36).slice(2)}`;
  await sql`
    insert into payment_cards (user_id, setup_intent_id, status, payment_method_id, brand, last4, verified_at)
    values (${userId}, ${`seti_fixture_${ref}`}, 'verified', ${`pm_sandbox_${last4}_${ref}`}, 'visa', ${last4}, now())
    on conflict (user_id) do update set status = 'verified', payment_method_id = excluded.payment_method_id,
      last4 = excluded.last4, setup_intent_id = excluded.setup_intent_id, verified_at = now()`;
}

/** What a seller fills in to list a car (no photos unless given). */
export const carListing = (vin: string, images: string[] = []) => ({
  vin,
  year: 2021,
  make: 'Porsche',
  model: '911',
  trim: 'Carrera',
  mileage: 12_000,
  condition: 'Excellent',
  images,
  description: 'One owner, full service history, never tracked.',
  category: 'sports' as const,
});

export interface AuctionOptions {
  startingBid?: string;
  currentBid?: string;
  endsInMs?: number;
  buyItNowPrice?: string | null;
  reservePrice?: string | null;
  auctionType?: string;
  isPremiumOnly?: boolean;
  ownerId?: number | null;
  status?: string;
  bidCount?: number;
  make?: string;
  model?: string;
  year?: number;
  category?: string;
  winningAmount?: string | null;
}

let vinCounter = 0;
export async function createAuction(sql: Sql, o: AuctionOptions = {}): Promise<number> {
  vinCounter += 1;
  const vin = `TST${String(process.pid % 1e7).padStart(7, '0')}${String(vinCounter).padStart(7, '0')}`;
  const [car] = await sql<{ id: number }[]>`
    insert into cars (vin, year, make, model, mileage, condition, images, description, owner_id, category)
    values (${vin}, ${o.year ?? 2021}, ${o.make ?? 'Porsche'}, ${o.model ?? '911 Carrera'}, 12000, 'Excellent', ${['/images/cars/coupe-red.svg']}, 'Test car',
            ${o.ownerId ?? null}, ${o.category ?? 'sports'})
    returning id`;
  const endsInMs = o.endsInMs ?? 60 * 60 * 1000;
  const [auction] = await sql<{ id: number }[]>`
    insert into auctions (car_id, starting_bid, current_bid, buy_it_now_price, reserve_price, auction_type,
                          start_time, end_time, is_premium_only, location, status, bid_count, winning_amount, closed_at)
    values (${car!.id}, ${o.startingBid ?? '10000.00'}, ${o.currentBid ?? '0.00'}, ${o.buyItNowPrice ?? null},
            ${o.reservePrice ?? null}, ${o.auctionType ?? 'no-reserve'},
            now() - interval '1 day', now() + ${endsInMs} * interval '1 millisecond',
            ${o.isPremiumOnly ?? false}, 'Detroit, MI', ${o.status ?? 'active'}, ${o.bidCount ?? 0}, ${o.winningAmount ?? null},
            ${o.status !== undefined && o.status !== 'active' && o.status !== 'pending' ? sql`now()` : null})
    returning id`;
  return auction!.id;
}

/** An admin account (signing in is the API's business; a command only needs the admin's id). */
export async function createAdmin(sql: Sql): Promise<{ id: number; email: string }> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const email = `admin-${Math.random().toString(36).slice(2)}@example.test`;
  const [row] = await sql<{ id: number }[]>`
    insert into admin_users (email, name, password_hash) values (${email}, 'Test Admin', ${await passwordHash}) returning id`;
  return { id: row!.id, email };
}
