// After the hammer: best offers and second-chance offers. Pure rules; core asks them under the auction's row lock and
// then writes conditionally on the offer's status, so the database guards every race these rules describe.
//
// Best offer: when the reserve was not met, the high bidder may send one offer of at least their high bid within
// BEST_OFFER_WINDOW_HOURS of the close. The seller accepts, declines or counters it once within the same number of
// hours; a counter gives the buyer that long again to accept or decline it. Second-chance offer: when an auction did
// not sell (reserve not met, no accepted offer) or its sale went unpaid (the escrow cancelled), the seller may offer
// the car to any other bidder at that bidder's highest bid, valid SECOND_CHANCE_HOURS. Whichever offer is accepted
// first makes the one sale; every other offer still open on the auction is withdrawn with it.
import { BID_UNIT_CENTS } from './bidding.js';
import { formatCents } from '../money.js';
import { listingLink, transactionLink, type NoticeDraft } from './notices.js';
import { ALLOWED, refuse, type Refusal, type Verdict } from './refusal.js';

export const BEST_OFFER_WINDOW_HOURS = 24;
export const SECOND_CHANCE_HOURS = 48;
const HOUR_MS = 3_600_000;

export const OFFER_KINDS = ['best', 'second-chance'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];
export const OFFER_STATUSES = ['open', 'countered', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OFFER_ACTIONS = ['accept', 'decline', 'counter'] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];
export type OfferActor = 'buyer' | 'seller';

/** Statuses that still wait for an answer; only these expire. */
export const LIVE_OFFER_STATUSES = ['open', 'countered'] as const satisfies readonly OfferStatus[];
export const isLiveOffer = (status: OfferStatus) => (LIVE_OFFER_STATUSES as readonly OfferStatus[]).includes(status);

export const OFFER_TEXTS = {
  notFound: 'Offer not found',
  expired: 'This offer has expired',
  answered: 'This offer has already been answered',
  notYours: 'This offer is not yours to answer',
  waitingForOther: 'This offer is waiting for the other party',
  counterOnce: 'Only the seller can counter, once, a best offer',
  counterAmount: 'A counter must be whole dollars and above the offer',
  notEnded: 'Offers open once the auction has ended',
  reserveMet: 'Best offers are for auctions that ended below their reserve',
  windowClosed: `Best offers can be sent within ${BEST_OFFER_WINDOW_HOURS} hours of the close`,
  notHighBidder: 'Only the high bidder can send a best offer',
  belowHighBid: 'An offer must be whole dollars and at least your high bid',
  alreadySent: 'You have already sent your best offer on this auction',
  notSeller: 'Only the seller can make second-chance offers',
  notSecondChance: 'Second-chance offers are for cars that did not sell or whose sale went unpaid',
  notBidder: 'Second-chance offers go to bidders on this auction other than the buyer',
  sold: 'This car has already been sold',
} as const;

/** What the offer's next status is when an action is allowed; why not when it is refused. */
export type OfferVerdict = { ok: true; next: OfferStatus } | { ok: false; refusal: Refusal };

export interface OfferState {
  kind: OfferKind;
  status: OfferStatus;
  expiresAtMs: number;
}

const no = (code: Refusal['code'], message: string): OfferVerdict => ({ ok: false, refusal: { code, message } });

/** Whose turn it is: the seller answers an open best offer, the buyer a counter or a second-chance offer. */
export function offerTurn(o: Pick<OfferState, 'kind' | 'status'>): OfferActor | null {
  if (o.status === 'open') return o.kind === 'best' ? 'seller' : 'buyer';
  if (o.status === 'countered') return 'buyer';
  return null;
}

/**
 * The state machine: (offer, action, actor, now) -> the next status or the refusal. An offer past its expiry is
 * refused even when the expiry job has not run yet: the clock decides, the job only records it.
 */
export function offerVerdict(o: OfferState, action: OfferAction, actor: OfferActor, nowMs: number): OfferVerdict {
  if (o.status === 'expired') return no('conflict', OFFER_TEXTS.expired);
  if (!isLiveOffer(o.status)) return no('conflict', OFFER_TEXTS.answered);
  if (nowMs >= o.expiresAtMs) return no('conflict', OFFER_TEXTS.expired);
  if (offerTurn(o) !== actor) return no('forbidden', OFFER_TEXTS.waitingForOther);
  switch (action) {
    case 'accept':
      return { ok: true, next: 'accepted' };
    case 'decline':
      return { ok: true, next: 'declined' };
    case 'counter':
      // Only an open best offer can be countered, and only by the seller (a counter moves it to 'countered', which the
      // seller can no longer touch): one counter per offer.
      return o.kind === 'best' && o.status === 'open' && actor === 'seller'
        ? { ok: true, next: 'countered' }
        : no('conflict', OFFER_TEXTS.counterOnce);
  }
}

/** The price an accepted offer sells at: the counter when the buyer accepted one, else the offer. */
export const salePriceCents = (o: { amountCents: number; counterCents: number | null }) =>
  o.counterCents ?? o.amountCents;

const isWholeDollars = (cents: number) => Number.isSafeInteger(cents) && cents > 0 && cents % BID_UNIT_CENTS === 0;

export function counterVerdict(offerCents: number, counterCents: number): Verdict {
  return isWholeDollars(counterCents) && counterCents > offerCents
    ? ALLOWED
    : refuse('invalid', OFFER_TEXTS.counterAmount);
}

/** An answer's deadline: an offer or a counter waits this long for its answer. */
export const bestOfferDeadline = (fromMs: number) => fromMs + BEST_OFFER_WINDOW_HOURS * HOUR_MS;
export const secondChanceDeadline = (fromMs: number) => fromMs + SECOND_CHANCE_HOURS * HOUR_MS;

export interface EndedAuctionFacts {
  status: string;
  closedAtMs: number | null;
  sellerId: number | null;
  /** The bidder of the highest bid, and that bid. */
  highBidderId: number | null;
  highBidCents: number;
}

/** May this member send the auction's best offer of this amount now? */
export function bestOfferVerdict(
  a: EndedAuctionFacts,
  buyerId: number,
  amountCents: number,
  nowMs: number,
  alreadySent: boolean,
): Verdict {
  if (a.status === 'active' || a.status === 'pending' || a.closedAtMs === null)
    return refuse('conflict', OFFER_TEXTS.notEnded);
  if (a.status !== 'reserve-not-met') return refuse('conflict', OFFER_TEXTS.reserveMet);
  if (a.highBidderId !== buyerId || a.sellerId === null) return refuse('forbidden', OFFER_TEXTS.notHighBidder);
  if (nowMs >= bestOfferDeadline(a.closedAtMs)) return refuse('conflict', OFFER_TEXTS.windowClosed);
  if (alreadySent) return refuse('conflict', OFFER_TEXTS.alreadySent);
  if (!isWholeDollars(amountCents) || amountCents < a.highBidCents)
    return refuse('invalid', `${OFFER_TEXTS.belowHighBid} (${formatCents(a.highBidCents)})`);
  return ALLOWED;
}

export interface SecondChanceFacts {
  status: string;
  sellerId: number | null;
  /** The auction's escrow that is not cancelled, if any: its presence means the car is sold. */
  liveEscrow: boolean;
  /** The last escrow was cancelled because nobody paid (the unpaid sale a second chance may follow). */
  unpaidSale: boolean;
  /** The buyer the auction went to (the unpaid winner), or null. */
  winnerId: number | null;
  highBidderId: number | null;
}

/** May the seller offer the car to this bidder (whose highest bid is known, null when they never bid)? */
export function secondChanceVerdict(
  a: SecondChanceFacts,
  sellerId: number,
  bidderId: number,
  bidderHighCents: number | null,
): Verdict {
  if (a.sellerId === null || a.sellerId !== sellerId) return refuse('forbidden', OFFER_TEXTS.notSeller);
  if (a.liveEscrow) return refuse('conflict', OFFER_TEXTS.sold);
  const unsold = a.status === 'reserve-not-met';
  const unpaid = (a.status === 'sold' || a.status === 'bought-now') && a.unpaidSale;
  if (!unsold && !unpaid) return refuse('conflict', OFFER_TEXTS.notSecondChance);
  // "Any other bidder": not the high bidder of an unsold car (theirs is the best offer), not the buyer who did not pay.
  const excluded = unsold ? a.highBidderId : a.winnerId;
  if (bidderHighCents === null || bidderId === excluded || bidderId === sellerId)
    return refuse('invalid', OFFER_TEXTS.notBidder);
  return ALLOWED;
}

/** What each party is told when an offer changes: one notice per party and step, in the offer kind of notices. */
export function offerNotices(o: {
  offerId: number;
  auctionId: number;
  kind: OfferKind;
  status: OfferStatus;
  title: string;
  buyerId: number;
  sellerId: number;
  amountCents: number;
  counterCents: number | null;
}): NoticeDraft[] {
  const base = { kind: 'offer' as const, subject: `offer:${o.offerId}:${o.status}`, auctionId: o.auctionId };
  const link = listingLink(o.auctionId);
  const to = (userId: number, text: string, l = link): NoticeDraft => ({ ...base, userId, text, link: l });
  const price = formatCents(salePriceCents(o));
  switch (o.status) {
    case 'open':
      return o.kind === 'best'
        ? [
            to(
              o.sellerId,
              `The high bidder offers ${formatCents(o.amountCents)} for your ${o.title}: accept, decline or counter within ${BEST_OFFER_WINDOW_HOURS} hours`,
            ),
          ]
        : [
            to(
              o.buyerId,
              `Second chance: the seller offers you the ${o.title} at your bid of ${formatCents(o.amountCents)}, valid ${SECOND_CHANCE_HOURS} hours`,
            ),
          ];
    case 'countered':
      return [
        to(
          o.buyerId,
          `The seller countered your offer on the ${o.title} at ${price}: accept or decline within ${BEST_OFFER_WINDOW_HOURS} hours`,
        ),
      ];
    case 'accepted':
      // The sale's own notices (won and sold), linking to the escrow like a won auction's.
      return [
        {
          ...base,
          kind: 'won',
          userId: o.buyerId,
          text: `You bought the ${o.title} for ${price}`,
          link: transactionLink(o.auctionId),
        },
        {
          ...base,
          kind: 'sold',
          userId: o.sellerId,
          text: `Your ${o.title} sold for ${price}`,
          link: transactionLink(o.auctionId),
        },
      ];
    case 'declined':
      return [
        to(o.buyerId, `The offer on the ${o.title} was declined`),
        to(o.sellerId, `The offer on your ${o.title} was declined`),
      ];
    case 'expired':
      return [
        to(o.buyerId, `The offer on the ${o.title} expired without an answer`),
        to(o.sellerId, `The offer on your ${o.title} expired without an answer`),
      ];
    case 'withdrawn':
      return [to(o.buyerId, `The ${o.title} was sold to another buyer; its offer to you is withdrawn`)];
  }
}
