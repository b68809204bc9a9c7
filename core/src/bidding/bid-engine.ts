// The bid engine. Bids for one auction are serialized in this process and committed in small groups: one transaction
// locks the auction row once, lets decideBids (shared/src/domain/bidding.ts) decide the waiting bids (lowest amount
// first, a bare maximum before any amount, ties in arrival order: bids that arrived together have no order that means
// anything, and this one accepts the most), and writes all accepted bids, their chat lines, the new auction state and their events (bid-events.ts) together. Each bidder gets an exact
// accept or refuse, only after the commit that decided it. The row lock keeps this correct across several API
// processes; the grouping keeps 32 bidders from queueing on it one by one.
import type { Sql, TransactionSql } from 'postgres';
import { commitWithEvents, type EventDeps, type EventPublisher } from '@app/infra';
import { lockAuction } from '../auctions/auction-lock.js';
import {
  BIDS_PER_REQUEST,
  centsToDecimal,
  decideBids,
  type AcceptedBid,
  type Bidder,
  type DecidedGroup,
  type PlaceBidResponse,
  type BidStanding,
} from '@app/shared';
import { NotFound, ServiceUnavailable, refusalError } from '../errors.js';
import { bidEvents } from './bid-events.js';

/**
 * A bid still waiting for its turn this long after it arrived is dropped, answered 503 "not placed", never decided:
 * it would be decided against a state its bidder never saw (after an outage, later bids may have moved the price).
 * The API sets it below the request deadline, so the bidder hears the exact outcome.
 */
export const DEFAULT_BID_WAIT_LIMIT_MS = 4000;

export interface BidRequest {
  auctionId: number;
  bidder: Bidder;
  /** Null: only a maximum is set (it bids the next minimum for a bidder who is not leading). */
  amountCents: number | null;
  maxCents?: number | null;
}

/** The decided request: the bid it placed for its bidder (if any) and where it leaves them. */
export interface BidOutcome {
  bid: PlaceBidResponse | null;
  standing: BidStanding;
}

interface Pending extends BidRequest {
  arrivedAt: number;
  resolve(r: BidOutcome): void;
  reject(e: unknown): void;
}

const notPlaced = () =>
  new ServiceUnavailable('Bidding is unavailable for a moment and your bid was not placed. Please try again.', 2);

const MAX_GROUP = 500;
const GROUPS_IN_FLIGHT = 2;

interface Lane {
  waiting: Pending[];
  inFlight: number;
  /** Settles when the latest group in flight holds the row lock (or gave up): the next group waits for it. */
  lastLocked: Promise<void>;
}

export class BidEngine {
  private readonly lanes = new Map<number, Lane>();
  private readonly deps: EventDeps;

  constructor(
    sql: Sql,
    events: EventPublisher,
    private readonly metrics?: { group(size: number): void; decided(accepted: number, refused: number): void },
    private readonly waitLimitMs = DEFAULT_BID_WAIT_LIMIT_MS,
  ) {
    this.deps = { sql, events };
  }

  /** Places a bid (optionally with a maximum); the answer is the bidder's own bid. */
  async place(request: BidRequest & { amountCents: number }): Promise<PlaceBidResponse> {
    const outcome = await this.decide(request);
    return outcome.bid!;
  }

  decide(request: BidRequest): Promise<BidOutcome> {
    return new Promise((resolve, reject) => {
      let lane = this.lanes.get(request.auctionId);
      if (!lane) {
        lane = { waiting: [], inFlight: 0, lastLocked: Promise.resolve() };
        this.lanes.set(request.auctionId, lane);
      }
      lane.waiting.push({ ...request, arrivedAt: Date.now(), resolve, reject });
      this.pump(request.auctionId, lane);
    });
  }

  /**
   * Up to two groups per auction are in flight: while one commits, the next already waits on the row lock, so the
   * round trips of BEGIN and the locking SELECT overlap the previous commit instead of following it.
   * A group asks for the lock only once its predecessor holds it, so groups take the lock in the order they formed
   * even when both waited for a connection (after an outage): a later group never decides before an earlier one.
   */
  private pump(auctionId: number, lane: Lane): void {
    while (lane.waiting.length > 0 && lane.inFlight < GROUPS_IN_FLIGHT) {
      const group = lane.waiting.splice(0, MAX_GROUP);
      lane.inFlight += 1;
      const predecessorLocked = lane.lastLocked;
      let locked!: () => void;
      lane.lastLocked = new Promise<void>((resolve) => (locked = resolve));
      void this.decideGroup(auctionId, group, predecessorLocked, locked)
        .catch((err: unknown) => {
          for (const p of group) p.reject(err);
        })
        .finally(() => {
          locked();
          lane.inFlight -= 1;
          if (lane.waiting.length > 0) this.pump(auctionId, lane);
          else if (lane.inFlight === 0) this.lanes.delete(auctionId);
        });
    }
  }

  private async decideGroup(
    auctionId: number,
    all: Pending[],
    predecessorLocked: Promise<void>,
    locked: () => void,
  ): Promise<void> {
    let group = all;
    const outcome = await commitWithEvents(this.deps, async (tx, outbox) => {
      await predecessorLocked;
      // Ids for every bid of the group and its chat line are reserved with the lock, so the events can be built before
      // anything is written.
      const auction = await lockAuction(tx, auctionId, group.length * BIDS_PER_REQUEST);
      locked();
      const fresh = Date.now() - this.waitLimitMs;
      for (const p of group) if (p.arrivedAt < fresh) p.reject(notPlaced());
      group = group.filter((p) => p.arrivedAt >= fresh);
      if (!auction || group.length === 0) return null;
      const decided = decideBids(auction, group, {
        nowMs: auction.dbNow.getTime(),
        bidIds: auction.bidIds,
        chatIds: auction.chatIds,
      });
      // The writes are not awaited here: the COMMIT goes out right behind them, so the row lock is held for one round
      // trip (writes and commit together), not two. commitWithEvents reads their answers after the commit: a statement
      // that failed turned the COMMIT into a rollback, nothing of the group was stored, and its error is the group's.
      void outbox.inFlight(writeAccepted(tx, auctionId, decided, auction.dbNow));
      const appended = outbox.append(bidEvents(auction, decided.accepted, auction.dbNow));
      return { decided, appended, decidedAt: auction.dbNow };
    });
    if (!outcome) {
      for (const p of group) p.reject(new NotFound('Auction not found'));
      return;
    }
    // Settled already (commitWithEvents published these events before returning).
    const committed = await outcome.appended;
    const { decided } = outcome;
    this.metrics?.group(group.length);
    const granted = decided.decisions.filter((d) => d.ok).length;
    this.metrics?.decided(granted, group.length - granted);
    const seqOfBid = new Map<number, number>();
    for (const c of committed) if (c.event.type === 'bid.placed') seqOfBid.set(c.event.bidId, c.event.seq);
    group.forEach((p, i) => {
      const d = decided.decisions[i]!;
      if (d.ok)
        p.resolve({
          bid: d.bid && responseOf(auctionId, d.bid, d.standing, seqOfBid.get(d.bid.bidId)!, outcome.decidedAt),
          standing: d.standing,
        });
      else p.reject(refusalError(d.refusal));
    });
  }
}

/** The accepted bids, their system chat lines, the maximums set and the auction's new state, in one statement. */
async function writeAccepted(tx: TransactionSql, auctionId: number, decided: DecidedGroup, at: Date): Promise<void> {
  const { accepted, next } = decided;
  // One row per bidder: the group's last maximum for them stands.
  const maxima = [...new Map(decided.maxima.map((m) => [m.userId, m.maxCents])).entries()];
  const upsertMaxima = tx`
      insert into max_bids (auction_id, user_id, max_amount, updated_at)
      select ${auctionId}, t.u, t.m, ${at} from unnest(${maxima.map(([u]) => u)}::int[], ${maxima.map(([, m]) => centsToDecimal(m))}::numeric[]) as t(u, m)
      on conflict (auction_id, user_id) do update set max_amount = excluded.max_amount, updated_at = excluded.updated_at`;
  if (accepted.length === 0) {
    if (maxima.length > 0) await upsertMaxima;
    return;
  }
  // Everything in one statement, so the lock waits one round trip whatever the group holds.
  await tx`
    with mx as (${upsertMaxima}), ins as (
      insert into bids (id, auction_id, user_id, amount, timestamp, proxy) overriding system value
      select t.id, ${auctionId}, t.u, t.m, ${at}, t.p = 1
      from unnest(${accepted.map((a) => a.bidId)}::bigint[], ${accepted.map((a) => a.bidder.id)}::int[],
                  ${accepted.map((a) => centsToDecimal(a.amountCents))}::numeric[], ${accepted.map((a) => (a.proxy ? 1 : 0))}::int[]) as t(id, u, m, p)
    ), chat as (
      insert into chat_messages (id, auction_id, user_id, message, timestamp, is_system_message) overriding system value
      select t.id, ${auctionId}, null, t.msg, ${at}, true
      from unnest(${accepted.map((a) => a.chatId)}::bigint[], ${accepted.map((a) => a.chatText)}::text[]) as t(id, msg)
    )
    update auctions
    set current_bid = ${centsToDecimal(next.currentBidCents)}, bid_count = ${next.bidCount}, end_time = ${new Date(next.endTimeMs)}
    where id = ${auctionId}`;
}

function responseOf(
  auctionId: number,
  bid: AcceptedBid,
  standing: BidStanding,
  seq: number,
  decidedAt: Date,
): PlaceBidResponse {
  const amount = centsToDecimal(bid.amountCents);
  return {
    id: bid.bidId,
    auctionId,
    userId: bid.bidder.id,
    amount,
    timestamp: decidedAt.toISOString(),
    currentBid: amount,
    bidCount: bid.bidCount,
    endTime: new Date(bid.endTimeMs).toISOString(),
    extended: bid.extended,
    seq,
    leading: standing.leading,
    ...(standing.maxCents === null ? {} : { maxAmount: centsToDecimal(standing.maxCents) }),
  };
}
