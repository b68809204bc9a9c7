// The bid engine. Bids for one auction are serialized in this process and committed in small groups: one transaction
// locks the auction row once, decides every waiting bid in order, and writes all accepted bids, their events and the new
// auction state together. Each bidder still gets an exact accept or refuse, only after the commit that decided it.
// The row lock keeps this correct across several API processes; the grouping keeps 32 bidders from queueing on it.
import type { Sql, TransactionSql } from 'postgres';
import {
  centsToDecimal,
  extendedEndTime,
  formatCents,
  minimumNextBidCents,
  reserveStatus,
  toCents,
  type DomainEvent,
  type PlaceBidResponse,
  type SessionUser,
} from '@app/shared';
import { Conflict, DomainError, Forbidden, NotFound } from '../domain-errors.js';
import type { CommittedEvent, EventPublisher } from '../events/publisher.js';

export interface BidRequest {
  auctionId: number;
  user: SessionUser;
  amountCents: number;
}

interface Pending extends BidRequest {
  resolve(r: PlaceBidResponse): void;
  reject(e: unknown): void;
}

interface LockedAuction {
  status: string;
  endTime: Date;
  currentBid: string;
  startingBid: string;
  bidCount: number;
  seq: string;
  isPremiumOnly: boolean;
  reservePrice: string | null;
  ownerId: number | null;
  dbNow: Date;
}

const MAX_GROUP = 500;
const GROUPS_IN_FLIGHT = 2;

interface Lane {
  waiting: Pending[];
  inFlight: number;
}
export const PREMIUM_ONLY_MESSAGE = 'This auction is open to premium members only';

export class BidEngine {
  private readonly lanes = new Map<number, Lane>();

  constructor(
    private readonly sql: Sql,
    private readonly events: EventPublisher,
  ) {}

  place(request: BidRequest): Promise<PlaceBidResponse> {
    return new Promise((resolve, reject) => {
      let lane = this.lanes.get(request.auctionId);
      if (!lane) {
        lane = { waiting: [], inFlight: 0 };
        this.lanes.set(request.auctionId, lane);
      }
      lane.waiting.push({ ...request, resolve, reject });
      this.pump(request.auctionId, lane);
    });
  }

  /**
   * Up to two groups per auction are in flight: while one commits, the next already waits on the row lock, so the
   * round trips of BEGIN and the locking SELECT overlap the previous commit instead of following it.
   * The lock still serializes them, and a group always reads the state its predecessor committed.
   */
  private pump(auctionId: number, lane: Lane): void {
    while (lane.waiting.length > 0 && lane.inFlight < GROUPS_IN_FLIGHT) {
      const group = lane.waiting.splice(0, MAX_GROUP);
      lane.inFlight += 1;
      void this.decideGroup(auctionId, group)
        .catch((err: unknown) => {
          for (const p of group) p.reject(err);
        })
        .finally(() => {
          lane.inFlight -= 1;
          if (lane.waiting.length > 0) this.pump(auctionId, lane);
          else if (lane.inFlight === 0) this.lanes.delete(auctionId);
        });
    }
  }

  private async decideGroup(auctionId: number, group: Pending[]): Promise<void> {
    const outcomes = new Map<Pending, PlaceBidResponse | DomainError>();
    const committed = await this.sql.begin(async (tx) => {
      const [auction] = await tx<LockedAuction[]>`
        select a.status, a.end_time, a.current_bid, a.starting_bid, a.bid_count, a.seq, a.is_premium_only,
               a.reserve_price, c.owner_id, now() as db_now
        from auctions a join cars c on c.id = a.car_id
        where a.id = ${auctionId}
        for update of a`;
      if (!auction) {
        for (const p of group) outcomes.set(p, new NotFound('Auction not found'));
        return [];
      }
      return decideAndWrite(tx, auctionId, auction, group, outcomes);
    });
    for (const p of group) {
      const outcome = outcomes.get(p)!;
      if (outcome instanceof DomainError) p.reject(outcome);
      else p.resolve(outcome);
    }
    this.events.publish(`auction:${auctionId}`, committed);
  }
}

async function decideAndWrite(
  tx: TransactionSql,
  auctionId: number,
  auction: LockedAuction,
  group: Pending[],
  outcomes: Map<Pending, PlaceBidResponse | DomainError>,
): Promise<CommittedEvent[]> {
  const nowMs = auction.dbNow.getTime();
  const at = auction.dbNow.toISOString();
  const reserveCents = auction.reservePrice === null ? null : toCents(auction.reservePrice);
  const startingCents = toCents(auction.startingBid);
  let currentCents = toCents(auction.currentBid);
  let bidCount = auction.bidCount;
  let endMs = auction.endTime.getTime();
  let seq = Number(auction.seq);

  const accepted: { p: Pending; amount: string; response: PlaceBidResponse }[] = [];
  const eventRows: { seq: number; type: string; event: DomainEvent; payload: string; amount: string | null; chat: string | null }[] = [];

  // Bids that arrived together have no meaningful order between them; deciding lowest first accepts the most.
  const ordered = [...group].sort((a, b) => a.amountCents - b.amountCents);
  for (const p of ordered) {
    if (auction.isPremiumOnly && !p.user.isPremium) {
      outcomes.set(p, new Forbidden(`${PREMIUM_ONLY_MESSAGE}. Upgrade your account to bid.`));
      continue;
    }
    if (auction.ownerId !== null && auction.ownerId === p.user.id) {
      outcomes.set(p, new Forbidden('You cannot bid on your own car'));
      continue;
    }
    if (auction.status !== 'active' || endMs <= nowMs) {
      outcomes.set(p, new Conflict('This auction has ended'));
      continue;
    }
    const minimum = minimumNextBidCents(currentCents, startingCents, bidCount);
    if (p.amountCents < minimum) {
      const why = bidCount === 0 ? 'the starting bid' : `the current bid of ${formatCents(currentCents)} plus $1,000`;
      outcomes.set(p, new Conflict(`Bid must be at least ${formatCents(minimum)} (${why})`));
      continue;
    }
    currentCents = p.amountCents;
    bidCount += 1;
    const newEnd = extendedEndTime(endMs, nowMs);
    const extended = newEnd !== endMs;
    endMs = newEnd;
    const amount = centsToDecimal(currentCents);
    const endTime = new Date(endMs).toISOString();

    seq += 1;
    const bidSeq = seq;
    const bidEvent: DomainEvent = {
      type: 'bid.placed',
      auctionId,
      seq: bidSeq,
      at,
      bidId: 0, // replaced with the stored id in the same statement
      amount,
      currentBid: amount,
      bidCount,
      endTime,
      bidderName: p.user.name,
      bidderId: p.user.id,
      reserveStatus: reserveStatus(reserveCents, currentCents, bidCount),
    };
    eventRows.push({ seq, type: bidEvent.type, event: bidEvent, payload: JSON.stringify(bidEvent), amount, chat: null });
    if (extended) {
      seq += 1;
      const ext: DomainEvent = { type: 'auction.extended', auctionId, seq, at, endTime };
      eventRows.push({ seq, type: ext.type, event: ext, payload: JSON.stringify(ext), amount: null, chat: null });
    }
    seq += 1;
    const chatText = `New high bid: ${formatCents(currentCents)} by ${p.user.name}${extended ? ' (auction extended by 2 minutes)' : ''}`;
    const chatEvent: DomainEvent = {
      type: 'chat.message',
      auctionId,
      seq,
      at,
      id: 0, // replaced with the stored chat id
      message: chatText,
      userName: null,
      userId: null,
      timestamp: at,
      isSystemMessage: true,
    };
    eventRows.push({ seq, type: chatEvent.type, event: chatEvent, payload: JSON.stringify(chatEvent), amount: null, chat: chatText });

    accepted.push({
      p,
      amount,
      response: {
        id: 0,
        auctionId,
        userId: p.user.id,
        amount,
        timestamp: at,
        currentBid: amount,
        bidCount,
        endTime,
        extended,
        seq: bidSeq,
      },
    });
  }

  if (accepted.length === 0) return [];

  // Only ids come back: the events are already built here, so nothing is parsed twice.
  const rows = await tx<{ kind: 'bid' | 'chat' | 'event'; id: string; key: string }[]>`
    with ins as (
      insert into bids (auction_id, user_id, amount)
      select ${auctionId}, t.u, t.m from unnest(${accepted.map((a) => a.p.user.id)}::int[], ${accepted.map((a) => a.amount)}::numeric[]) as t(u, m)
      returning id, amount
    ), chat as (
      insert into chat_messages (auction_id, user_id, message, is_system_message)
      select ${auctionId}, null, t.msg, true from unnest(${eventRows.filter((e) => e.chat).map((e) => e.chat!)}::text[]) as t(msg)
      returning id, message
    ), upd as (
      update auctions
      set current_bid = ${centsToDecimal(currentCents)}, bid_count = ${bidCount},
          end_time = ${new Date(endMs)}, seq = ${seq}
      where id = ${auctionId}
    ), ob as (
      insert into outbox (auction_id, seq, type, payload)
      select ${auctionId}, e.seq, e.type,
        case e.type
          when 'bid.placed' then e.payload || jsonb_build_object('bidId', (select ins.id from ins where ins.amount = e.amount))
          when 'chat.message' then e.payload || jsonb_build_object('id', (select chat.id from chat where chat.message = e.chat))
          else e.payload
        end
      from unnest(
        ${eventRows.map((e) => e.seq)}::bigint[], ${eventRows.map((e) => e.type)}::text[],
        ${eventRows.map((e) => e.payload)}::text[]::jsonb[], ${eventRows.map((e) => e.amount)}::numeric[],
        ${eventRows.map((e) => e.chat)}::text[]
      ) as e(seq, type, payload, amount, chat)
      returning id, seq
    )
    select 'bid' as kind, id::text as id, amount::text as key from ins
    union all select 'chat', id::text, message from chat
    union all select 'event', id::text, seq::text from ob`;

  const bidIds = new Map<string, number>();
  const chatIds = new Map<string, number>();
  const outboxIds = new Map<number, number>();
  for (const r of rows) {
    if (r.kind === 'bid') bidIds.set(r.key, Number(r.id));
    else if (r.kind === 'chat') chatIds.set(r.key, Number(r.id));
    else outboxIds.set(Number(r.key), Number(r.id));
  }
  const committed: CommittedEvent[] = eventRows.map((e) => {
    const event = e.event;
    if (event.type === 'bid.placed') event.bidId = bidIds.get(e.amount!)!;
    if (event.type === 'chat.message') event.id = chatIds.get(e.chat!)!;
    return { outboxId: outboxIds.get(e.seq)!, event };
  });
  for (const a of accepted) outcomes.set(a.p, { ...a.response, id: bidIds.get(a.amount)! });
  return committed;
}
