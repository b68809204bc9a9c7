// Closing an auction: the row is locked and closed only if it is still active and past its end by the database clock,
// so a duplicate job, a racing worker or the sweeper finds nothing to do. Everything the close writes is one transaction.
import type { Sql } from 'postgres';
import { commitWithEvents, type EventDeps } from '@app/infra';
import { insertSystemChat, lockAuction } from './auction-lock.js';
import { openEscrow } from '../escrow/open-escrow.js';
import { centsToDecimal, formatCents, reserveStatus } from '@app/shared';

export type CloseOutcome = 'sold' | 'reserve-not-met' | 'no-bids';

export type CloseResult =
  { closed: false } | { closed: true; outcome: CloseOutcome; winnerId: number | null; transactionId: number | null };

/** Sold when there is a bid and the reserve (if any) is met; the reserve is compared with the current (highest) bid. */
export function closeOutcome(a: {
  bidCount: number;
  currentBidCents: number;
  reserveCents: number | null;
}): CloseOutcome {
  if (a.bidCount === 0) return 'no-bids';
  return reserveStatus(a.reserveCents, a.currentBidCents, a.bidCount) === 'not-met' ? 'reserve-not-met' : 'sold';
}

export function closingChatText(outcome: CloseOutcome, winningCents: number | null): string {
  switch (outcome) {
    case 'sold':
      return `Auction ended: sold for ${formatCents(winningCents ?? 0)}`;
    case 'reserve-not-met':
      return 'Auction ended: the reserve was not met';
    case 'no-bids':
      return 'Auction ended with no bids';
  }
}

export async function closeAuction(deps: EventDeps, auctionId: number): Promise<CloseResult> {
  return commitWithEvents(deps, async (tx, outbox): Promise<CloseResult> => {
    // The lock waits for a bid or buy-now in flight; the checks then see the row it committed: a bid in the last
    // minutes has moved end_time past now, a buy-now has changed the status, and this closes nothing.
    const a = await lockAuction(tx, auctionId);
    if (!a || a.status !== 'active' || a.endTimeMs > a.dbNow.getTime()) return { closed: false };
    const result = closeOutcome(a);
    let winnerId: number | null = null;
    if (result === 'sold') {
      // No new bid can commit while the row is locked, so the highest bid read now is the final one.
      const [top] = await tx<{ userId: number }[]>`
        select user_id from bids where auction_id = ${auctionId} order by amount desc, id desc limit 1`;
      winnerId = top?.userId ?? null;
    }
    const winningAmount = result === 'sold' ? centsToDecimal(a.currentBidCents) : null;
    const [row] = await tx<{ closedAt: Date }[]>`
      update auctions
      set status = ${result}, is_active = false, closed_at = now(), winner_id = ${winnerId}, winning_amount = ${winningAmount}
      where id = ${auctionId}
      returning closed_at`;
    // A sample car may have no owner: the escrow then has no seller, which the schema allows.
    const escrow =
      result === 'sold' && winnerId !== null
        ? await openEscrow(tx, outbox, {
            auctionId,
            buyerId: winnerId,
            sellerId: a.sellerId,
            amountCents: a.currentBidCents,
            openedBy: 'system',
          })
        : null;
    const chatLine = await insertSystemChat(
      tx,
      auctionId,
      closingChatText(result, result === 'sold' ? a.currentBidCents : null),
    );
    await outbox.append([
      { type: 'auction.closed', auctionId, at: row!.closedAt.toISOString(), outcome: result, winningAmount, chatLine },
    ]);
    return { closed: true, outcome: result, winnerId, transactionId: escrow?.transactionId ?? null };
  });
}

/** Everything overdue, whatever happened to its job, oldest end first. */
export async function overdueAuctionIds(sql: Sql, limit = 500): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    select id from auctions where status = 'active' and end_time <= now() order by end_time limit ${limit}`;
  return rows.map((r) => r.id);
}
