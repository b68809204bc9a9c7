// The bid engine. Bids for one auction are serialized in this process and committed in small groups: one transaction
// locks the auction row once, lets decideBids (shared/src/domain/bidding.ts) decide the waiting bids (lowest amount
// first, a bare maximum before any amount, ties in arrival order: bids that arrived together have no order that means
// anything, and this one accepts the most), and writes all accepted bids, their chat lines, the new auction state and their events (bid-events.ts) together. Each bidder gets an exact
// accept or refuse, only after the commit that decided it. The row lock keeps this correct across several API
// processes; the grouping keeps 32 bidders from queueing on it one by one.
import type { Sql, TransactionSql } from 'postgres';
import { commitWithEvents, currentTraceparent, inSpan, type EventDeps, type EventPublisher } from '@app/infra';
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

type ReserveStatus = NonNullable<PlaceBidResponse['reserveStatus']>;

export interface BidRequest {
  auctionId: number;
  bidder: Bidder;
  /** Null: only a maximum is set (it bids the next minimum for a bidder who is not leading). */
  amountCents: number | null;
  maxCents?: number | null;
  /** When the request arrived, if a step came before the engine (the bid's hold): its wait counts from then. */
  arrivedAt?: number;
}

/** The decided request: the bid it placed for its bidder (if any) and where it leaves them. */
export interface BidOutcome {
  bid: PlaceBidResponse | null;
  standing: BidStanding;
}

interface Pending extends BidRequest {
  arrivedAt: number;
  /** The request's trace: its group's transaction is traced in the first bid's and linked to the others. */
  traceparent: string | undefined;
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

/** A group formed for one auction, with its place in the auction's order of groups. */
interface Group {
  auctionId: number;
  bids: Pending[];
  /** Settles once the auction's previous group holds the row lock: this one asks for it only then. */
  predecessorLocked: Promise<void>;
  /** Called once this group holds the row lock (or gave up). */
  locked(): void;
}

/** Groups of different auctions decided in one transaction at most (each still under its own row lock). */
const MAX_AUCTIONS_PER_TRANSACTION = 50;
/**
 * Shared transactions of idle auctions in flight at most. Bids for idle auctions that arrive while these commit wait
 * for the first of them to end and then go together, as a database's group commit does: under load the batches grow
 * by themselves (an auction night's cold bids took a transaction and a commit each, one per turn of the event loop),
 * and when nothing is in flight a bid goes at the end of its turn as before.
 */
const SHARED_TRANSACTIONS_IN_FLIGHT = 2;

export class BidEngine {
  private readonly lanes = new Map<number, Lane>();
  private readonly deps: EventDeps;
  /** Idle auctions with bids waiting: their first groups go out together at the end of this turn of the event loop. */
  private readonly idle = new Set<number>();
  private flushScheduled = false;
  private sharedInFlight = 0;

  constructor(
    sql: Sql,
    events: EventPublisher,
    private readonly metrics?: { group(size: number): void; decided(accepted: number, refused: number): void },
    /** A bid waiting longer than this since it arrived is answered 503 "not placed" (DEFAULT_BID_WAIT_LIMIT_MS). */
    readonly waitLimitMs = DEFAULT_BID_WAIT_LIMIT_MS,
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
      lane.waiting.push({
        ...request,
        arrivedAt: request.arrivedAt ?? Date.now(),
        traceparent: currentTraceparent(),
        resolve,
        reject,
      });
      this.pump(request.auctionId, lane);
    });
  }

  /**
   * Up to two groups per auction are in flight: while one commits, the next already waits on the row lock, so the
   * round trips of BEGIN and the locking SELECT overlap the previous commit instead of following it.
   * A group asks for the lock only once its predecessor holds it, so groups take the lock in the order they formed
   * even when both waited for a connection (after an outage): a later group never decides before an earlier one.
   * An auction with nothing in flight waits for the end of this turn of the event loop instead (or, while
   * SHARED_TRANSACTIONS_IN_FLIGHT are committing, for the first of them to end): the bids of every such auction that
   * arrived meanwhile are decided in one transaction and one commit (flush), which is what an auction night's many
   * cold auctions cost most. A group behind one in flight goes on its own, pipelined as before, so a hot
   * auction never waits for a cold one's commit, nor a cold one for a hot one's.
   */
  private pump(auctionId: number, lane: Lane): void {
    if (lane.waiting.length === 0) return;
    if (lane.inFlight === 0) {
      this.idle.add(auctionId);
      this.scheduleFlush();
      return;
    }
    while (lane.waiting.length > 0 && lane.inFlight < GROUPS_IN_FLIGHT)
      this.run([this.formGroup(auctionId, lane)], [lane]);
  }

  /** At the end of this turn of the event loop, unless the shared transactions in flight are at their limit. */
  private scheduleFlush(): void {
    if (this.flushScheduled || this.sharedInFlight >= SHARED_TRANSACTIONS_IN_FLIGHT || this.idle.size === 0) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.flushScheduled = false;
    // In auction id order: every transaction that locks several auctions locks them in that order (no deadlock).
    const ids = [...this.idle].sort((x, y) => x - y);
    this.idle.clear();
    const groups: Group[] = [];
    const lanes: Lane[] = [];
    for (const id of ids) {
      const lane = this.lanes.get(id);
      if (!lane || lane.waiting.length === 0) continue;
      if (lane.inFlight > 0) {
        this.pump(id, lane);
        continue;
      }
      groups.push(this.formGroup(id, lane));
      lanes.push(lane);
    }
    for (let i = 0; i < groups.length; i += MAX_AUCTIONS_PER_TRANSACTION) {
      this.sharedInFlight += 1;
      this.run(
        groups.slice(i, i + MAX_AUCTIONS_PER_TRANSACTION),
        lanes.slice(i, i + MAX_AUCTIONS_PER_TRANSACTION),
        () => {
          this.sharedInFlight -= 1;
          this.scheduleFlush();
        },
      );
    }
  }

  private formGroup(auctionId: number, lane: Lane): Group {
    const bids = lane.waiting.splice(0, MAX_GROUP);
    lane.inFlight += 1;
    const predecessorLocked = lane.lastLocked;
    let locked!: () => void;
    lane.lastLocked = new Promise<void>((resolve) => (locked = resolve));
    return { auctionId, bids, predecessorLocked, locked };
  }

  private run(groups: Group[], lanes: Lane[], ended?: () => void): void {
    void this.decideGroups(groups)
      .catch((err: unknown) => {
        // The transaction failed as a whole (nothing of it was stored): every bid in it hears the error.
        for (const g of groups) for (const p of g.bids) p.reject(err);
      })
      .finally(() => {
        groups.forEach((g, i) => {
          const lane = lanes[i]!;
          g.locked();
          lane.inFlight -= 1;
          if (lane.waiting.length > 0) this.pump(g.auctionId, lane);
          else if (lane.inFlight === 0) this.lanes.delete(g.auctionId);
        });
        ended?.();
      });
  }

  private async decideGroups(groups: Group[]): Promise<void> {
    const fresh = new Map<Group, Pending[]>(groups.map((g) => [g, g.bids]));
    const outcomes = await inSpan(
      'bid group transaction',
      {
        for: groups.flatMap((g) => g.bids.map((p) => p.traceparent)),
        attributes: {
          'auction.id': groups.length === 1 ? groups[0]!.auctionId : undefined,
          'bid.group.auctions': groups.length,
          'bid.group.size': groups.reduce((n, g) => n + g.bids.length, 0),
          'db.system.name': 'postgresql',
        },
      },
      () =>
        commitWithEvents(this.deps, async (tx, outbox) => {
          await Promise.all(groups.map((g) => g.predecessorLocked));
          // Ids for every bid of a group and its chat line are reserved with the lock, so the events can be built
          // before anything is written. The locking reads go out together (one round trip), in auction id order.
          const auctions = await Promise.all(
            groups.map(async (g) => {
              const auction = await lockAuction(tx, g.auctionId, g.bids.length * BIDS_PER_REQUEST);
              g.locked();
              return auction;
            }),
          );
          const limit = Date.now() - this.waitLimitMs;
          return groups.map((g, i) => {
            const auction = auctions[i];
            for (const p of g.bids) if (p.arrivedAt < limit) p.reject(notPlaced());
            const group = g.bids.filter((p) => p.arrivedAt >= limit);
            fresh.set(g, group);
            if (!auction || group.length === 0) return null;
            const decided = decideBids(auction, group, {
              nowMs: auction.dbNow.getTime(),
              bidIds: auction.bidIds,
              chatIds: auction.chatIds,
            });
            // The writes are not awaited here: the COMMIT goes out right behind them, so the row locks are held for
            // one round trip (writes and commit together), not two. commitWithEvents reads their answers after the
            // commit: a statement that failed turned the COMMIT into a rollback, nothing of the transaction was
            // stored, and its error is every group's.
            void outbox.inFlight(writeAccepted(tx, g.auctionId, decided, auction.dbNow));
            const appended = outbox.append(bidEvents(auction, decided.accepted, auction.dbNow));
            return { decided, appended, decidedAt: auction.dbNow };
          });
        }),
    );
    for (const [i, g] of groups.entries()) {
      const outcome = outcomes[i];
      const group = fresh.get(g)!;
      if (!outcome) {
        for (const p of group) p.reject(new NotFound('Auction not found'));
        continue;
      }
      // Settled already (commitWithEvents published these events before returning).
      const committed = await outcome.appended;
      const { decided } = outcome;
      this.metrics?.group(group.length);
      const granted = decided.decisions.filter((d) => d.ok).length;
      this.metrics?.decided(granted, group.length - granted);
      const placedOf = new Map<number, { seq: number; reserveStatus: ReserveStatus }>();
      for (const c of committed)
        if (c.event.type === 'bid.placed')
          placedOf.set(c.event.bidId, { seq: c.event.seq, reserveStatus: c.event.reserveStatus });
      group.forEach((p, i) => {
        const d = decided.decisions[i]!;
        if (d.ok)
          p.resolve({
            bid: d.bid && responseOf(g.auctionId, d.bid, d.standing, placedOf.get(d.bid.bidId)!, outcome.decidedAt),
            standing: d.standing,
          });
        else p.reject(refusalError(d.refusal));
      });
    }
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
  placed: { seq: number; reserveStatus: ReserveStatus },
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
    seq: placed.seq,
    leading: standing.leading,
    reserveStatus: placed.reserveStatus,
    bidderName: bid.bidder.name,
    proxy: bid.proxy,
    ...(standing.maxCents === null ? {} : { maxAmount: centsToDecimal(standing.maxCents) }),
  };
}
