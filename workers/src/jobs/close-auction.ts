// Closing an auction: the row is locked only if it is still active and past its end by the database clock, so a
// duplicate job, a racing worker or the sweeper finds nothing to do. Everything the close writes is one transaction.
import type { Sql } from 'postgres';
import { insertAuctionEvent, insertSystemChat, openEscrow, type CommittedEvent, type StreamWriter } from '@app/infra';
import { formatMoney, reserveStatus, toCents, type AuctionEvent } from '@app/shared';

export type CloseOutcome = 'sold' | 'reserve-not-met' | 'no-bids';

export type CloseResult = { closed: false } | { closed: true; outcome: CloseOutcome; winnerId: number | null; transactionId: number | null };

/** Sold when there is a bid and the reserve (if any) is met; the reserve is compared with the current (highest) bid. */
export function closeOutcome(a: { bidCount: number; currentBidCents: number; reserveCents: number | null }): CloseOutcome {
  if (a.bidCount === 0) return 'no-bids';
  return reserveStatus(a.reserveCents, a.currentBidCents, a.bidCount) === 'not-met' ? 'reserve-not-met' : 'sold';
}

export function closingChatText(outcome: CloseOutcome, winningAmount: string | null): string {
  switch (outcome) {
    case 'sold':
      return `Auction ended: sold for ${formatMoney(winningAmount ?? '0')}`;
    case 'reserve-not-met':
      return 'Auction ended: the reserve was not met';
    case 'no-bids':
      return 'Auction ended with no bids';
  }
}

export async function closeAuction(sql: Sql, write: StreamWriter, auctionId: number): Promise<CloseResult> {
  const committed: CommittedEvent[] = [];
  const result = await sql.begin(async (tx): Promise<CloseResult> => {
    // FOR UPDATE waits for a bid or buy-now in flight and re-checks the condition on the row it committed: a bid in
    // the last minutes has moved end_time past now(), a buy-now has changed the status, and then this closes nothing.
    const [a] = await tx<{ currentBid: string; bidCount: number; reservePrice: string | null; ownerId: number | null }[]>`
      select a.current_bid, a.bid_count, a.reserve_price, c.owner_id
      from auctions a join cars c on c.id = a.car_id
      where a.id = ${auctionId} and a.status = 'active' and a.end_time <= now()
      for update of a`;
    if (!a) return { closed: false };
    const outcome = closeOutcome({
      bidCount: a.bidCount,
      currentBidCents: toCents(a.currentBid),
      reserveCents: a.reservePrice === null ? null : toCents(a.reservePrice),
    });
    let winnerId: number | null = null;
    if (outcome === 'sold') {
      // No new bid can commit while the row is locked, so the highest bid read now is the final one.
      const [top] = await tx<{ userId: number }[]>`
        select user_id from bids where auction_id = ${auctionId} order by amount desc, id desc limit 1`;
      winnerId = top?.userId ?? null;
    }
    const winningAmount = outcome === 'sold' ? a.currentBid : null;
    // Two events (auction.closed, then its chat line), each with its own seq.
    const [row] = await tx<{ seq: string; closedAt: Date }[]>`
      update auctions
      set status = ${outcome}, is_active = false, closed_at = now(), seq = seq + 2,
          winner_id = ${winnerId}, winning_amount = ${winningAmount}
      where id = ${auctionId}
      returning seq, closed_at`;
    const seq = Number(row!.seq);

    let transactionId: number | null = null;
    if (outcome === 'sold' && winnerId !== null) {
      // A sample car may have no owner: the escrow then has no seller, which the schema allows.
      transactionId = await openEscrow(tx, { auctionId, buyerId: winnerId, sellerId: a.ownerId, amountCents: toCents(a.currentBid) });
    }
    const event: AuctionEvent = {
      type: 'auction.closed',
      auctionId,
      seq: seq - 1,
      at: row!.closedAt.toISOString(),
      outcome,
      winningAmount,
    };
    committed.push(await insertAuctionEvent(tx, event));
    committed.push(await insertSystemChat(tx, auctionId, seq, closingChatText(outcome, winningAmount)));
    return { closed: true, outcome, winnerId, transactionId };
  });

  if (committed.length > 0) {
    // Publish after commit for speed; if this fails the outbox relay publishes the rows.
    try {
      await write(committed.map((c) => c.event));
      await sql`update outbox set published_at = now() where id = any(${committed.map((c) => c.outboxId)}::bigint[])`;
    } catch {
      // left for the relay
    }
  }
  return result;
}

/** Everything overdue, whatever happened to its job, oldest end first. */
export async function overdueAuctionIds(sql: Sql, limit = 500): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    select id from auctions where status = 'active' and end_time <= now() order by end_time limit ${limit}`;
  return rows.map((r) => r.id);
}
