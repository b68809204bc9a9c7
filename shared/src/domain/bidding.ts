// Deciding bids. The bid engine locks one auction row, hands the waiting requests to decideBids and writes what it
// returns; nothing else decides whether a bid stands. Pure, so the same rules give the listing page its hints.
import { MIN_BID_INCREMENT_CENTS, SOFT_CLOSE_WINDOW_MS } from '../constants.js';
import { MAX_MONEY_CENTS, centsToDecimal, formatCents } from '../money.js';
import type { EventDraft } from '../schemas/events.js';
import { bidVerdict, type EligibilityAuction, type Participant } from './eligibility.js';
import { refuse, type Refusal, type Verdict } from './refusal.js';

/** Bids are whole dollars (the UI steps by $100 and the spec shows no cents). */
export const BID_UNIT_CENTS = 100;
/** A starting bid, like any bid, is at least one dollar. */
export const MIN_STARTING_BID_CENTS = 100;

export const BID_TEXTS = {
  wholeDollars: 'Bids are in whole dollars: enter an amount without cents',
  atLeastOneDollar: 'A bid must be at least $1',
  tooLarge: `A bid can be at most ${formatCents(MAX_MONEY_CENTS - (MAX_MONEY_CENTS % 100))}`,
} as const;

/** The lowest acceptable next bid: the starting bid for the first, then current + 1000. */
export function minimumNextBidCents(a: { currentBidCents: number; startingBidCents: number; bidCount: number }): number {
  return a.bidCount === 0 ? a.startingBidCents : a.currentBidCents + MIN_BID_INCREMENT_CENTS;
}

/** Soft close: a bid inside the final window moves the end to one window after the bid. */
export function extendedEndTime(endTimeMs: number, bidAtMs: number): number {
  const proposed = bidAtMs + SOFT_CLOSE_WINDOW_MS;
  return proposed > endTimeMs ? proposed : endTimeMs;
}

export function reserveStatus(reserveCents: number | null, currentBidCents: number, bidCount: number) {
  if (reserveCents === null) return 'none' as const;
  return bidCount > 0 && currentBidCents >= reserveCents ? ('met' as const) : ('not-met' as const);
}

/** An amount's own validity, before any auction is looked at. */
export function amountVerdict(amountCents: number): Verdict {
  if (!Number.isSafeInteger(amountCents) || amountCents < BID_UNIT_CENTS) return refuse('invalid', BID_TEXTS.atLeastOneDollar);
  if (amountCents % BID_UNIT_CENTS !== 0) return refuse('invalid', BID_TEXTS.wholeDollars);
  if (amountCents > MAX_MONEY_CENTS) return refuse('invalid', BID_TEXTS.tooLarge);
  return { ok: true };
}

export function bidChatText(amountCents: number, bidderName: string, extended: boolean): string {
  return `New high bid: ${formatCents(amountCents)} by ${bidderName}${extended ? ' (auction extended by 2 minutes)' : ''}`;
}

export interface BiddingState extends EligibilityAuction {
  auctionId: number;
  startingBidCents: number;
  bidCount: number;
  reserveCents: number | null;
}

export interface Bidder extends Participant {
  name: string;
}

export interface BidRequest {
  bidder: Bidder;
  amountCents: number;
}

export interface AcceptedBid {
  bidId: number;
  chatId: number;
  bidder: Bidder;
  amountCents: number;
  bidCount: number;
  endTimeMs: number;
  extended: boolean;
  chatText: string;
}

export type BidDecision = { ok: true; bid: AcceptedBid } | { ok: false; refusal: Refusal };

export interface DecideOptions {
  /** The database clock at the moment the row was locked. */
  nowMs: number;
  /** Ids reserved for the bids and their chat lines, taken in order as bids are accepted (at least one per request). */
  bidIds: readonly number[];
  chatIds: readonly number[];
}

export interface DecidedGroup {
  /** One per request, in the order the requests were given. */
  decisions: BidDecision[];
  /** The accepted bids in the order they were accepted (ascending amounts). */
  accepted: AcceptedBid[];
  /** The bid-state events to append, in sequence order. */
  events: EventDraft[];
  next: BiddingState;
}

/**
 * Decides a group of bids that arrived together against one auction's state. Requests in a group have no meaningful
 * order between them, so they are decided lowest amount first, which accepts the most. A refused request (bad amount,
 * too low, not allowed) never affects the others.
 */
export function decideBids(state: BiddingState, requests: readonly BidRequest[], opts: DecideOptions): DecidedGroup {
  if (opts.bidIds.length < requests.length || opts.chatIds.length < requests.length) {
    throw new Error('decideBids needs a reserved bid id and chat id for every request');
  }
  const at = new Date(opts.nowMs).toISOString();
  const decisions: BidDecision[] = new Array<BidDecision>(requests.length);
  const accepted: AcceptedBid[] = [];
  const events: EventDraft[] = [];
  let s: BiddingState = { ...state };

  const order = requests.map((r, i) => i).sort((a, b) => requests[a]!.amountCents - requests[b]!.amountCents || a - b);
  for (const i of order) {
    const r = requests[i]!;
    const refusal = refusalFor(s, r, opts.nowMs);
    if (refusal) {
      decisions[i] = { ok: false, refusal };
      continue;
    }
    const endTimeMs = extendedEndTime(s.endTimeMs, opts.nowMs);
    const extended = endTimeMs !== s.endTimeMs;
    s = { ...s, currentBidCents: r.amountCents, bidCount: s.bidCount + 1, endTimeMs };
    const bid: AcceptedBid = {
      bidId: opts.bidIds[accepted.length]!,
      chatId: opts.chatIds[accepted.length]!,
      bidder: r.bidder,
      amountCents: r.amountCents,
      bidCount: s.bidCount,
      endTimeMs,
      extended,
      chatText: bidChatText(r.amountCents, r.bidder.name, extended),
    };
    accepted.push(bid);
    decisions[i] = { ok: true, bid };
    const amount = centsToDecimal(r.amountCents);
    const endTime = new Date(endTimeMs).toISOString();
    events.push({
      type: 'bid.placed',
      auctionId: s.auctionId,
      at,
      bidId: bid.bidId,
      amount,
      currentBid: amount,
      bidCount: s.bidCount,
      endTime,
      extended,
      bidderName: r.bidder.name,
      bidderId: r.bidder.id,
      reserveStatus: reserveStatus(s.reserveCents, s.currentBidCents, s.bidCount),
      chatLine: { id: bid.chatId, message: bid.chatText, timestamp: at },
    });
    if (extended) events.push({ type: 'auction.extended', auctionId: s.auctionId, at, endTime });
  }
  return { decisions, accepted, events, next: s };
}

function refusalFor(s: BiddingState, r: BidRequest, nowMs: number): Refusal | null {
  const amount = amountVerdict(r.amountCents);
  if (!amount.ok) return amount.refusal;
  const allowed = bidVerdict(s, r.bidder, nowMs);
  if (!allowed.ok) return allowed.refusal;
  const minimum = minimumNextBidCents(s);
  if (r.amountCents < minimum) {
    const why = s.bidCount === 0 ? 'the starting bid' : `the current bid of ${formatCents(s.currentBidCents)} plus $1,000`;
    return { code: 'conflict', message: `Bid must be at least ${formatCents(minimum)} (${why})` };
  }
  return null;
}
