// Settling live holds, run every few seconds (api/src/app.ts) and idempotent: a hold whose member is outbid for good
// or lost is released; the winner's is captured into their escrow's payment lines. Each hold is settled under the
// member's claim on its auction, re-read after claiming, so a bid of theirs in flight is never undercut.
import type { Sql } from 'postgres';
import { captureAmountCents, holdIsSpent, toCents, type FeeSchedule } from '@app/shared';
import type { PaymentProvider } from '../escrow/payment-provider.js';
import { giveBack, tryClaim } from './hold-claims.js';
import { recordHoldTransition } from './hold-transitions.js';
import { releaseHold } from './verified-bid.js';

type Deps = { sql: Sql; payments: PaymentProvider };

interface LiveHold {
  holdId: string;
  auctionId: number;
  userId: number;
  amount: string;
  auctionStatus: string;
  winnerId: number | null;
  winningAmount: string | null;
  currentBid: string;
  leaderId: number | null;
  maxAmount: string | null;
  escrowId: number | null;
  escrowSchedule: FeeSchedule | null;
}

async function liveHolds(sql: Sql, where: { auctionId: number; userId: number } | null): Promise<LiveHold[]> {
  return sql<LiveHold[]>`
    select h.hold_id, h.auction_id, h.user_id, h.amount, a.status as auction_status, a.winner_id, a.winning_amount,
           a.current_bid,
           (select b.user_id from bids b where b.auction_id = a.id order by b.amount desc, b.id desc limit 1) as leader_id,
           (select m.max_amount from max_bids m where m.auction_id = a.id and m.user_id = h.user_id) as max_amount,
           e.id as escrow_id, e.fees -> 'schedule' as escrow_schedule
    from bid_holds h join auctions a on a.id = h.auction_id
    left join escrow_transactions e on e.auction_id = a.id and e.buyer_id = h.user_id and e.status <> 'cancelled'
    where h.status = 'placed' ${where ? sql`and h.auction_id = ${where.auctionId} and h.user_id = ${where.userId}` : sql``}
    order by h.updated_at limit 200`;
}

/** What to do with a live hold now: nothing, release it, or capture this much. */
function settlement(h: LiveHold): { kind: 'keep' } | { kind: 'release' } | { kind: 'capture'; amountCents: number } {
  const active = h.auctionStatus === 'active';
  const spent = holdIsSpent({
    auctionActive: active,
    winnerId: h.winnerId,
    userId: h.userId,
    leaderId: h.leaderId,
    maxCents: h.maxAmount === null ? null : toCents(h.maxAmount),
    currentBidCents: toCents(h.currentBid),
  });
  if (spent) return { kind: 'release' };
  if (active) return { kind: 'keep' };
  // Won: captured into the escrow the sale opened; a sale without one (cancelled at once) lets the hold go.
  if (h.escrowId === null || h.escrowSchedule === null || h.winningAmount === null) return { kind: 'release' };
  return {
    kind: 'capture',
    amountCents: captureAmountCents(toCents(h.amount), toCents(h.winningAmount), h.escrowSchedule),
  };
}

export async function settleHolds(deps: Deps): Promise<{ released: number; captured: number }> {
  let released = 0;
  let captured = 0;
  for (const seen of await liveHolds(deps.sql, null)) {
    if (settlement(seen).kind === 'keep') continue;
    const token = await tryClaim(deps.sql, seen.auctionId, seen.userId);
    if (!token) continue; // a bid of theirs is in flight: the next run looks again
    try {
      const [h] = await liveHolds(deps.sql, { auctionId: seen.auctionId, userId: seen.userId });
      if (!h) continue;
      const s = settlement(h);
      const amountCents = toCents(h.amount);
      if (s.kind === 'release') {
        await releaseHold(deps, { holdId: h.holdId, amountCents });
        released += 1;
      } else if (s.kind === 'capture') {
        await deps.payments.captureHold({ holdId: h.holdId, amountCents: s.amountCents });
        await recordHoldTransition(deps.sql, { holdId: h.holdId, kind: 'captured', amountCents: s.amountCents });
        captured += 1;
      }
    } finally {
      await giveBack(deps.sql, seen.auctionId, seen.userId, token);
    }
  }
  return { released, captured };
}
