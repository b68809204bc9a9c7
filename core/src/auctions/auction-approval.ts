// Sellers submit cars to auction; admins approve (the auction goes live from now, for the seller's chosen duration or,
// when the seller left it to the marketplace, the default duration in force at approval) or reject.
import type { Sql } from 'postgres';
import { commitWithEvents, type EventDeps } from '@app/infra';
import { readSettings } from '../settings/read-settings.js';
import { ListingDescriptionSchema, centsToDecimal, type Auction, type SessionUser } from '@app/shared';
import { Conflict, Invalid, NotFound } from '../errors.js';
import { listAuctionsByStatus } from './auction-read.js';
import { assertFeatureOn } from '../settings/marketplace-settings.js';

export async function submitToAuction(
  deps: EventDeps,
  owner: SessionUser,
  b: {
    carId: number;
    startingBid: number;
    reservePrice?: number;
    buyItNowPrice?: number;
    durationDays?: number;
    location: string;
    isPremiumOnly: boolean;
  },
): Promise<{ auctionId: number }> {
  const type = b.buyItNowPrice !== undefined ? 'buy-it-now' : b.reservePrice !== undefined ? 'reserve' : 'no-reserve';
  return commitWithEvents(deps, async (tx, outbox) => {
    // Members-only auctions are the premium listings admins can turn off; auctions already live keep their terms.
    if (b.isPremiumOnly) await assertFeatureOn(tx, 'premiumListings');
    const [car] = await tx<{ title: string; description: string }[]>`
      select year || ' ' || make || ' ' || model as title, description from cars where id = ${b.carId} and owner_id = ${owner.id}`;
    if (!car) throw new NotFound('Car not found');
    // A listing never goes live without a description buyers can read: the sell form's own rule, held here too.
    const described = ListingDescriptionSchema.safeParse(car.description);
    if (!described.success) throw new Invalid(described.error.issues[0]!.message);
    // Until approval, start and end are a placeholder (the duration as it would be today); approval sets both.
    const placeholderDays = b.durationDays ?? (await readSettings(tx)).defaultDurationDays;
    const [row] = await tx<{ id: number; createdAt: Date }[]>`
      insert into auctions (car_id, starting_bid, current_bid, reserve_price, buy_it_now_price, auction_type, start_time, end_time,
                            duration_days, is_active, is_premium_only, location, status)
      select ${b.carId}, ${centsToDecimal(b.startingBid)}, 0, ${b.reservePrice === undefined ? null : centsToDecimal(b.reservePrice)},
             ${b.buyItNowPrice === undefined ? null : centsToDecimal(b.buyItNowPrice)}, ${type}, now(), now() + ${placeholderDays} * interval '1 day',
             ${b.durationDays ?? null}, false, ${b.isPremiumOnly}, ${b.location}, 'pending'
      where not exists (select 1 from auctions where car_id = ${b.carId} and status in ('pending', 'active'))
      returning id, created_at`;
    if (!row) throw new Conflict('This car is already pending approval or in a live auction');
    await outbox.append([
      { type: 'auction.submitted', auctionId: row.id, at: row.createdAt.toISOString(), title: car.title },
    ]);
    return { auctionId: row.id };
  });
}

export const listPendingAuctions = (sql: Sql): Promise<Auction[]> => listAuctionsByStatus(sql, 'pending');

/**
 * Approving starts the auction now, for the seller's duration or else the marketplace default read in the same
 * transaction, and records `auction.opened`, from which the workers schedule the close job; the conditional update
 * decides a race between two admins.
 */
export async function decideAuction(
  deps: EventDeps,
  auctionId: number,
  approve: boolean,
): Promise<{ status: Auction['status']; endTime: string }> {
  return commitWithEvents(deps, async (tx, outbox) => {
    const defaultDays = approve ? (await readSettings(tx)).defaultDurationDays : 0;
    const [row] = approve
      ? await tx<{ status: Auction['status']; startTime: Date; endTime: Date }[]>`
          update auctions set status = 'active', is_active = true, start_time = now(),
                              end_time = now() + coalesce(duration_days, ${defaultDays}) * interval '1 day'
          where id = ${auctionId} and status = 'pending'
          returning status, start_time, end_time`
      : await tx<{ status: Auction['status']; startTime: Date; endTime: Date }[]>`
          update auctions set status = 'rejected', is_active = false where id = ${auctionId} and status = 'pending'
          returning status, now() as start_time, end_time`;
    if (!row) throw new NotFound('No pending auction with this id');
    const at = row.startTime.toISOString();
    if (approve) await outbox.append([{ type: 'auction.opened', auctionId, at, endTime: row.endTime.toISOString() }]);
    await outbox.append([{ type: 'auction.reviewed', auctionId, at, decision: approve ? 'approved' : 'rejected' }]);
    return { status: row.status, endTime: row.endTime.toISOString() };
  });
}
