// Deciding bids. The bid engine locks one auction row, hands the waiting requests to decideBids and writes what it
// returns (the bids, and the events it makes of them); nothing else decides whether a bid stands. Pure, so the same
// rules give the listing page its hints.
import { MIN_BID_INCREMENT_CENTS, SOFT_CLOSE_WINDOW_MS } from '../constants.js';
import { MAX_MONEY_CENTS, formatCents } from '../money.js';
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
  amountOrMax: 'Enter a bid amount or a maximum bid',
  maxBelowBid: 'Your maximum must be at least your bid',
} as const;

/** The lowest acceptable next bid: the starting bid for the first, then current + 1000. */
export function minimumNextBidCents(a: {
  currentBidCents: number;
  startingBidCents: number;
  bidCount: number;
}): number {
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

/** Auction terms (starting bid, reserve, Buy It Now) are whole dollars of at least $1, like the bids measured against them. */
export function isWholeDollarTerm(cents: number): boolean {
  return Number.isSafeInteger(cents) && cents >= MIN_STARTING_BID_CENTS && cents % BID_UNIT_CENTS === 0;
}

/** An amount's own validity, before any auction is looked at. */
export function amountVerdict(amountCents: number): Verdict {
  if (!Number.isSafeInteger(amountCents) || amountCents < BID_UNIT_CENTS)
    return refuse('invalid', BID_TEXTS.atLeastOneDollar);
  if (amountCents % BID_UNIT_CENTS !== 0) return refuse('invalid', BID_TEXTS.wholeDollars);
  if (amountCents > MAX_MONEY_CENTS) return refuse('invalid', BID_TEXTS.tooLarge);
  return { ok: true };
}

export function bidChatText(amountCents: number, bidderName: string, extended: boolean): string {
  return `New high bid: ${formatCents(amountCents)} by ${bidderName}${extended ? ' (clock reset to 2 minutes left)' : ''}`;
}

export interface BiddingState extends EligibilityAuction {
  auctionId: number;
  startingBidCents: number;
  bidCount: number;
  reserveCents: number | null;
  /** Who holds the current bid (null before the first bid). */
  leaderId?: number | null;
  /** The leader's private maximum, if they set one; a stale one below the current bid is harmless. */
  leaderMaxCents?: number | null;
  leaderName?: string | null;
}

export interface Bidder extends Participant {
  name: string;
}

export interface BidRequest {
  bidder: Bidder;
  /** The bid to place; null when only a maximum is given (it bids the next minimum unless its owner leads). */
  amountCents: number | null;
  /** A private maximum the auction may bid up to on the bidder's behalf. */
  maxCents?: number | null;
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
  /** Placed by a maximum, not typed by its bidder. */
  proxy: boolean;
}

/** Where the requester stands once their request (and any automatic answer to it) is decided. */
export interface BidStanding {
  leading: boolean;
  currentBidCents: number;
  bidCount: number;
  endTimeMs: number;
  /** The maximum the request set, if any. */
  maxCents: number | null;
}

export type BidDecision =
  { ok: true; bid: AcceptedBid | null; standing: BidStanding } | { ok: false; refusal: Refusal };

export interface DecideOptions {
  /** The database clock at the moment the row was locked. */
  nowMs: number;
  /** Ids reserved for the bids and their chat lines, taken in order as bids are placed (BIDS_PER_REQUEST per request). */
  bidIds: readonly number[];
  chatIds: readonly number[];
}

/** A request places its own bid and at most one automatic answer to it. */
export const BIDS_PER_REQUEST = 2;

export interface DecidedGroup {
  /** One per request, in the order the requests were given. */
  decisions: BidDecision[];
  /** Every bid placed, manual and automatic, in the order placed (ascending amounts). */
  accepted: AcceptedBid[];
  /** Maximums set by the group, in order (a later one for the same bidder replaces an earlier one). */
  maxima: { userId: number; maxCents: number }[];
  next: BiddingState;
}

/**
 * Decides a group of bids that arrived together against one auction's state. Requests in a group have no meaningful
 * order between them, so they are decided lowest amount first (a bare maximum first of all), which accepts the most. A refused request (bad amount,
 * too low, not allowed) never affects the others.
 *
 * Proxy bidding. After every decision no maximum other than the leader's exceeds the current bid, so only the leader's
 * maximum can answer a new bid: the higher ceiling leads at the lower ceiling plus the increment, capped at its own
 * maximum; on equal ceilings the leader's (earlier) maximum wins, provided it can bid above the new bid. A maximum that
 * wins outright bids that price at once instead of its owner's entry bid, so an overtaking is one bid (one notice, with
 * the new price). A winning maximum at or above the reserve bids at least the reserve. Every automatic bid is a
 * stored bid with its own event, extending soft close like any bid.
 */
export function decideBids(state: BiddingState, requests: readonly BidRequest[], opts: DecideOptions): DecidedGroup {
  if (
    opts.bidIds.length < requests.length * BIDS_PER_REQUEST ||
    opts.chatIds.length < requests.length * BIDS_PER_REQUEST
  ) {
    throw new Error('decideBids needs reserved bid ids and chat ids for every request (BIDS_PER_REQUEST each)');
  }
  const decisions: BidDecision[] = new Array<BidDecision>(requests.length);
  const accepted: AcceptedBid[] = [];
  const maxima: DecidedGroup['maxima'] = [];
  let s: BiddingState = { ...state, leaderId: state.leaderId ?? null, leaderMaxCents: state.leaderMaxCents ?? null };

  const place = (bidder: Bidder, amountCents: number, proxy: boolean, leaderMaxCents: number | null): AcceptedBid => {
    const endTimeMs = extendedEndTime(s.endTimeMs, opts.nowMs);
    const extended = endTimeMs !== s.endTimeMs;
    s = {
      ...s,
      currentBidCents: amountCents,
      bidCount: s.bidCount + 1,
      endTimeMs,
      leaderId: bidder.id,
      leaderMaxCents,
    };
    const bid: AcceptedBid = {
      bidId: opts.bidIds[accepted.length]!,
      chatId: opts.chatIds[accepted.length]!,
      bidder,
      amountCents,
      bidCount: s.bidCount,
      endTimeMs,
      extended,
      chatText: bidChatText(amountCents, bidder.name, extended),
      proxy,
    };
    accepted.push(bid);
    return bid;
  };
  // A maximum at or above the reserve never leads below it.
  const liftToReserve = (amountCents: number, ceilingCents: number) =>
    s.reserveCents !== null && amountCents < s.reserveCents && ceilingCents >= s.reserveCents
      ? s.reserveCents
      : amountCents;

  // A maximum without a bid enters at the next minimum, so it goes first: it can then answer the rest of the group.
  const sortKey = (r: BidRequest) => r.amountCents ?? 0;
  const order = requests.map((r, i) => i).sort((a, b) => sortKey(requests[a]!) - sortKey(requests[b]!) || a - b);
  for (const i of order) {
    const r = requests[i]!;
    const refusal = refusalFor(s, r, opts.nowMs);
    if (refusal) {
      decisions[i] = { ok: false, refusal };
      continue;
    }
    const max = r.maxCents ?? null;
    if (max !== null) maxima.push({ userId: r.bidder.id, maxCents: max });
    const leading = s.bidCount > 0 && s.leaderId === r.bidder.id;
    let own: AcceptedBid | null = null;
    if (r.amountCents === null && leading) {
      // Only the maximum changes; it bids only to reach the reserve.
      s = { ...s, leaderMaxCents: max };
      const lifted = liftToReserve(s.currentBidCents, max!);
      if (lifted !== s.currentBidCents) own = place(r.bidder, lifted, true, max);
    } else if (leading) {
      const keep = max ?? s.leaderMaxCents ?? null;
      own = place(r.bidder, liftToReserve(r.amountCents!, keep ?? 0), false, keep);
    } else {
      const entry = r.amountCents ?? minimumNextBidCents(s);
      const ceiling = Math.max(entry, max ?? 0);
      const defender = s.leaderId ?? null;
      const defenderMax = s.leaderMaxCents ?? null;
      const answer = defenderMax === null ? null : Math.min(ceiling + MIN_BID_INCREMENT_CENTS, defenderMax);
      if (defender !== null && defenderMax !== null && answer !== null && defenderMax >= ceiling && answer > entry) {
        const defenderBidder = leaderBidder(state, accepted, defender);
        own = place(r.bidder, entry, r.amountCents === null, max);
        place(defenderBidder, liftToReserve(answer, defenderMax), true, defenderMax);
      } else {
        const beat =
          defenderMax === null ? entry : Math.max(entry, Math.min(defenderMax + MIN_BID_INCREMENT_CENTS, ceiling));
        const amount = liftToReserve(beat, ceiling);
        own = place(r.bidder, amount, r.amountCents === null || amount !== entry, max);
      }
    }
    decisions[i] = {
      ok: true,
      bid: own,
      standing: {
        leading: s.leaderId === r.bidder.id,
        currentBidCents: s.currentBidCents,
        bidCount: s.bidCount,
        endTimeMs: s.endTimeMs,
        maxCents: max,
      },
    };
  }
  return { decisions, accepted, maxima, next: s };
}

/** The leader as a bidder: from this group's bids if they bid in it, else as the state names them. */
function leaderBidder(state: BiddingState, accepted: readonly AcceptedBid[], id: number): Bidder {
  for (let k = accepted.length - 1; k >= 0; k--) if (accepted[k]!.bidder.id === id) return accepted[k]!.bidder;
  return { id, name: state.leaderName ?? 'Bidder', isPremium: false };
}

function refusalFor(s: BiddingState, r: BidRequest, nowMs: number): Refusal | null {
  if (r.amountCents === null && (r.maxCents ?? null) === null)
    return { code: 'invalid', message: BID_TEXTS.amountOrMax };
  if (r.amountCents !== null) {
    const amount = amountVerdict(r.amountCents);
    if (!amount.ok) return amount.refusal;
  }
  if (r.maxCents !== undefined && r.maxCents !== null) {
    const max = amountVerdict(r.maxCents);
    if (!max.ok) return max.refusal;
    if (r.amountCents !== null && r.maxCents < r.amountCents)
      return { code: 'invalid', message: BID_TEXTS.maxBelowBid };
  }
  const allowed = bidVerdict(s, r.bidder, nowMs);
  if (!allowed.ok) return allowed.refusal;
  const leading = s.bidCount > 0 && s.leaderId === r.bidder.id;
  const minimum = minimumNextBidCents(s);
  if (r.amountCents === null) {
    const max = r.maxCents!;
    if (leading && max < s.currentBidCents)
      return {
        code: 'conflict',
        message: `Your maximum cannot be below your winning bid of ${formatCents(s.currentBidCents)}`,
      };
    if (!leading && max < minimum)
      return {
        code: 'conflict',
        message: `Your maximum must be at least ${formatCents(minimum)} (the next minimum bid)`,
      };
    return null;
  }
  if (r.amountCents < minimum) {
    const why =
      s.bidCount === 0 ? 'the starting bid' : `the current bid of ${formatCents(s.currentBidCents)} plus $1,000`;
    return { code: 'conflict', message: `Bid must be at least ${formatCents(minimum)} (${why})` };
  }
  return null;
}
