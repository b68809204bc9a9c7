// A bid by a verified bidder: the card rule (decideBidderVerification), then the hold for the buyer's premium placed or
// raised with the provider, then the bid engine. The provider is called before the engine's transaction, under the
// member's claim on this auction and never under a row lock, so the engine's hot path waits on no provider; two bids
// of one member at once take turns on the claim and make one hold. A declined hold refuses the bid (402) before
// anything is stored.
import type { Sql } from 'postgres';
import {
  centsToDecimal,
  decideBidderVerification,
  decideHoldStep,
  holdAmountCents,
  needsHold,
  scheduleWithCommission,
  toCents,
  type CardStatus,
} from '@app/shared';
import type { BidEngine, BidOutcome, BidRequest } from '../bidding/bid-engine.js';
import type { PaymentProvider } from '../escrow/payment-provider.js';
import { Conflict, DomainError, refusalError } from '../errors.js';
import { readSettings } from '../settings/read-settings.js';
import { claim, giveBack, tryClaim } from './hold-claims.js';
import { recordHoldTransition } from './hold-transitions.js';

export type VerifiedBidDeps = { sql: Sql; payments: PaymentProvider; bids: BidEngine };

/**
 * The share of the engine's wait limit (counted from a bid's arrival) a bid may spend waiting for another bid of the same
 * member on the same auction. Past it, the bid is answered 409 "still being placed": what is left of the limit is for
 * its hold and the engine, so a bid that got the claim late is not dropped 503 "not placed" by the engine instead.
 */
const CLAIM_SHARE = 0.5;

/**
 * Exempt members seen lately: their bids go straight to the engine with no read first, so a crowd of dealer bids
 * reaches the engine together as before. An exemption an admin takes away counts within this long.
 */
const EXEMPT_TTL_MS = 30_000;
const exemptSeen = new Map<number, number>();

export async function placeVerifiedBid(deps: VerifiedBidDeps, bid: BidRequest): Promise<BidOutcome> {
  // Taken before anything is awaited: the bid reaches the engine in the order it arrived, and its wait counts from now.
  const turn = arrivalTurn(bid.auctionId);
  const request = { ...bid, arrivedAt: Date.now() };
  try {
    return await verifiedBid(deps, request, turn);
  } finally {
    turn.entered();
  }
}

async function verifiedBid(deps: VerifiedBidDeps, request: BidRequest, turn: Turn): Promise<BidOutcome> {
  const { sql } = deps;
  const userId = request.bidder.id;
  if ((exemptSeen.get(userId) ?? 0) > Date.now()) return enter(deps, request, turn);
  const [who] = await sql<{ exempt: boolean; cardStatus: CardStatus | null; paymentMethodId: string | null }[]>`
    select u.bid_exempt as exempt, c.status as card_status, c.payment_method_id
    from users u left join payment_cards c on c.user_id = u.id where u.id = ${userId}`;
  const standing = { exempt: who?.exempt ?? false, cardStatus: who?.cardStatus ?? null };
  const verdict = decideBidderVerification(standing);
  if (!verdict.ok) throw refusalError(verdict.refusal);
  if (standing.exempt) {
    if (exemptSeen.size > 10_000) exemptSeen.clear();
    exemptSeen.set(userId, Date.now() + EXEMPT_TTL_MS);
    return enter(deps, request, turn);
  }
  const [auction] = await sql<{ status: string }[]>`select status from auctions where id = ${request.auctionId}`;
  // The engine answers a missing or closed auction as it always has; no hold is placed for a bid that cannot stand.
  if (!needsHold(standing) || !auction || auction.status !== 'active') return enter(deps, request, turn);

  return new Promise<BidOutcome>((resolve, reject) => {
    const key = `${request.auctionId}:${userId}`;
    let lane = lanes.get(key);
    if (!lane) {
      lane = { waiting: [], running: false };
      lanes.set(key, lane);
    }
    // Behind this member's own bid here: it gives up its place in the auction's arrival order, or every later bid of
    // other members would wait on a bid that waits on its own member.
    lane.waiting.push({ request, turn: lane.running ? stepAside(turn) : turn, neededCents: 0, resolve, reject });
    if (!lane.running) void runLane(deps, key, lane, who!.paymentMethodId!);
  });
}

interface Waiting {
  request: BidRequest;
  turn: Turn;
  neededCents: number;
  resolve(o: BidOutcome): void;
  reject(e: unknown): void;
}

/**
 * One member's bids on one auction take turns in this process, and across processes on the claim; bids of different
 * members never wait on each other here. The bids that waited together share one hold step (the largest they need)
 * and then go to the engine together, as they arrived.
 */
const lanes = new Map<string, { waiting: Waiting[]; running: boolean }>();

async function runLane(deps: VerifiedBidDeps, key: string, lane: { waiting: Waiting[]; running: boolean }, pm: string) {
  lane.running = true;
  while (lane.waiting.length > 0) {
    const batch = lane.waiting.splice(0);
    try {
      await holdThenBid(deps, batch, pm);
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }
  lane.running = false;
  lanes.delete(key);
}

async function holdThenBid(deps: VerifiedBidDeps, arrived: Waiting[], paymentMethodId: string): Promise<void> {
  const { sql } = deps;
  const { auctionId, bidder } = arrived[0]!.request;
  const userId = bidder.id;
  let token = await tryClaim(sql, auctionId, userId);
  const claimedAtOnce = token !== null;
  if (!token) {
    // Another process works on this member's holds here: these bids step aside in the arrival order while they wait.
    for (const w of arrived) w.turn = stepAside(w.turn);
    const claimBy = Math.max(...arrived.map((w) => w.request.arrivedAt!)) + deps.bids.waitLimitMs * CLAIM_SHARE;
    token = await claim(sql, auctionId, userId, Math.max(0, claimBy - Date.now()));
  }
  if (!token) throw stillBeingPlaced();
  // Bids whose share of the wait ran out while an earlier bid of theirs was placed are answered now, not dropped later.
  // A claim taken at the first try waited on no bid of theirs, however slow the database was: the engine's own limit
  // judges such a bid, and "still being placed" would not be true.
  const lateBy = claimedAtOnce ? -Infinity : Date.now() - deps.bids.waitLimitMs * CLAIM_SHARE;
  for (const w of arrived) if (w.request.arrivedAt! < lateBy) w.reject(stillBeingPlaced());
  const batch = arrived.filter((w) => w.request.arrivedAt! >= lateBy);
  try {
    if (batch.length === 0) return;
    const schedule = scheduleWithCommission((await readSettings(sql)).commissionRatePct);
    for (const w of batch)
      w.neededCents = holdAmountCents(
        { amountCents: w.request.amountCents, maxCents: w.request.maxCents ?? null },
        schedule,
      );
    const needed = Math.max(...batch.map((w) => w.neededCents));
    const [live] = await sql<{ holdId: string; amount: string }[]>`
      select hold_id, amount from bid_holds where auction_id = ${auctionId} and user_id = ${userId} and status = 'placed'`;
    const liveCents = live ? toCents(live.amount) : 0;
    const step = decideHoldStep(live ? { amountCents: liveCents } : null, needed);
    let placed: { holdId: string; amountCents: number } | null = null;
    let going = batch;
    if (step.kind === 'place') {
      const answer = await deps.payments.placeHold({
        paymentMethodId,
        amountCents: step.amountCents,
        reference: `auction-${auctionId}-user-${userId}`,
      });
      if (!answer.ok) throw declined(answer.reason);
      placed = { holdId: answer.holdId, amountCents: step.amountCents };
      await sql.begin(async (tx) => {
        await tx`
          insert into bid_holds (hold_id, auction_id, user_id, amount)
          values (${answer.holdId}, ${auctionId}, ${userId}, ${centsToDecimal(step.amountCents)})`;
        await tx`
          insert into bid_hold_transitions (hold_id, kind, amount)
          values (${answer.holdId}, 'placed', ${centsToDecimal(step.amountCents)}) on conflict do nothing`;
      });
    } else if (step.kind === 'raise') {
      const answer = await deps.payments.raiseHold({
        holdId: live!.holdId,
        paymentMethodId,
        amountCents: step.amountCents,
      });
      if (answer.ok) {
        await recordHoldTransition(sql, { holdId: live!.holdId, kind: 'raised', amountCents: step.amountCents });
      } else {
        // Only the bids the live hold does not cover are refused; the others stand on it.
        for (const w of batch) if (w.neededCents > liveCents) w.reject(declined(answer.reason));
        going = batch.filter((w) => w.neededCents <= liveCents);
      }
    }
    const outcomes = await Promise.allSettled(going.map((w) => enter(deps, w.request, w.turn)));
    // A hold placed for bids that were all refused holds nothing the member is bidding: let it go at once.
    if (placed && outcomes.every((o) => o.status === 'rejected')) await releaseHold(deps, placed);
    going.forEach((w, i) => {
      const o = outcomes[i]!;
      if (o.status === 'fulfilled') w.resolve(o.value);
      else w.reject(o.reason);
    });
  } finally {
    await giveBack(sql, auctionId, userId, token);
  }
}

export async function releaseHold(
  deps: { sql: Sql; payments: PaymentProvider },
  h: { holdId: string; amountCents: number },
) {
  await deps.payments.releaseHold(h);
  await recordHoldTransition(deps.sql, { holdId: h.holdId, kind: 'released', amountCents: h.amountCents });
}

/**
 * Bids on one auction enter the engine in the order they arrived, although each first waits on its own reads and hold:
 * once ready, a bid waits for the ones that arrived before it to enter (or fail), but never longer than ORDER_WAIT_MS,
 * so a slow provider answer for one member holds the others up only that long.
 */
const ORDER_WAIT_MS = 1000;
interface Turn {
  before: Promise<void>;
  entered(): void;
}
const lastTurn = new Map<number, Promise<void>>();

function arrivalTurn(auctionId: number): Turn {
  const before = lastTurn.get(auctionId) ?? Promise.resolve();
  let entered!: () => void;
  const mine = new Promise<void>((resolve) => (entered = resolve));
  lastTurn.set(auctionId, mine);
  void mine.then(() => {
    if (lastTurn.get(auctionId) === mine) lastTurn.delete(auctionId);
  });
  return { before, entered };
}

/** Enters the engine once the bids that arrived earlier have, or ORDER_WAIT_MS after this one is ready. */
async function enter(deps: VerifiedBidDeps, request: BidRequest, turn: Turn): Promise<BidOutcome> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    turn.before,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ORDER_WAIT_MS);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
  const decided = deps.bids.decide(request);
  turn.entered();
  return decided;
}

const stillBeingPlaced = () => new Conflict('Your other bid on this car is still being placed. Please try again.');

/** Gives up a bid's place in the auction's arrival order: the bids after it no longer wait for it, nor it for them. */
function stepAside(turn: Turn): Turn {
  turn.entered();
  return { before: Promise.resolve(), entered: () => {} };
}

const declined = (reason: string) => new DomainError(402, `${reason}. Your bid was not placed.`);
