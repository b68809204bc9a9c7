// Sellers submit cars to auction; admins approve (the auction goes live for its chosen duration from now) or reject.
import type { Sql } from 'postgres';
import { insertAuctionEvent } from '@app/infra';
import { centsToDecimal, type Auction, type AuctionEvent, type SessionUser } from '@app/shared';
import type { EventPublisher } from '../events/publisher.js';
import { Conflict, NotFound } from '../domain-errors.js';
import { listAuctionsByStatus } from './auction-read.js';

export async function submitToAuction(
  sql: Sql,
  owner: SessionUser,
  b: { carId: number; startingBid: number; reservePrice?: number; buyItNowPrice?: number; durationDays: number; location: string; isPremiumOnly: boolean },
): Promise<{ auctionId: number }> {
  const [car] = await sql`select 1 from cars where id = ${b.carId} and owner_id = ${owner.id}`;
  if (!car) throw new NotFound('Car not found');
  const type = b.buyItNowPrice !== undefined ? 'buy-it-now' : b.reservePrice !== undefined ? 'reserve' : 'no-reserve';
  // Until approval, start and end only carry the chosen duration; approval moves both to start now.
  const [row] = await sql<{ id: number }[]>`
    insert into auctions (car_id, starting_bid, current_bid, reserve_price, buy_it_now_price, auction_type, start_time, end_time,
                          is_active, is_premium_only, location, status)
    select ${b.carId}, ${centsToDecimal(b.startingBid)}, 0, ${b.reservePrice === undefined ? null : centsToDecimal(b.reservePrice)},
           ${b.buyItNowPrice === undefined ? null : centsToDecimal(b.buyItNowPrice)}, ${type}, now(), now() + ${b.durationDays} * interval '1 day',
           false, ${b.isPremiumOnly}, ${b.location}, 'pending'
    where not exists (select 1 from auctions where car_id = ${b.carId} and status in ('pending', 'active'))
    returning id`;
  if (!row) throw new Conflict('This car is already pending approval or in a live auction');
  return { auctionId: row.id };
}

export const listPendingAuctions = (sql: Sql): Promise<Auction[]> => listAuctionsByStatus(sql, 'pending');

/**
 * Approving starts the chosen duration now and records `auction.opened`, from which the workers schedule the close job;
 * the conditional update decides a race between two admins.
 */
export async function decideAuction(
  sql: Sql,
  events: EventPublisher,
  auctionId: number,
  approve: boolean,
): Promise<{ status: string; endTime: string }> {
  if (!approve) {
    const [row] = await sql<{ status: string; endTime: Date }[]>`
      update auctions set status = 'rejected', is_active = false where id = ${auctionId} and status = 'pending'
      returning status, end_time`;
    if (!row) throw new NotFound('No pending auction with this id');
    return { status: row.status, endTime: row.endTime.toISOString() };
  }
  const { row, committed } = await sql.begin(async (tx) => {
    const [row] = await tx<{ status: string; endTime: Date; startTime: Date; seq: string }[]>`
      update auctions set status = 'active', is_active = true, start_time = now(), end_time = now() + (end_time - start_time), seq = seq + 1
      where id = ${auctionId} and status = 'pending'
      returning status, start_time, end_time, seq`;
    if (!row) throw new NotFound('No pending auction with this id');
    const event: AuctionEvent = {
      type: 'auction.opened', auctionId, seq: Number(row.seq), at: row.startTime.toISOString(), endTime: row.endTime.toISOString(),
    };
    return { row, committed: [await insertAuctionEvent(tx, event)] };
  });
  events.publish(`auction:${auctionId}`, committed);
  return { status: row.status, endTime: row.endTime.toISOString() };
}
