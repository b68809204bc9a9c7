// What the viewer of a listing may do: bid (inline or in the dialog) and buy outright, or why not. The same rules the
// server applies under its lock (shared/src/domain/eligibility.ts), on the server's clock.
import { Link } from 'react-router';
import { eligibility, minimumNextBidCents, toCents, type SessionUser } from '@app/shared';
import { useServerClock, useTicker } from '../../../lib/server-clock';
import type { Listing } from '../../auctions';
import { useFeatures } from '../../system';
import { BidForm } from './bid-form';
import { BidDialog } from './bid-dialog';
import { BuyNowDialog } from './buy-now-dialog';

export function BiddingPanel({ listing, user }: { listing: Listing; user: SessionUser | null }) {
  const now = useTicker((s) => s.now);
  const offset = useServerClock((s) => s.offsetMs);
  // Shown only once the server says Buy It Now is on (an admin may turn it off for the whole marketplace).
  const buyItNowOn = useFeatures().data?.buyItNow === true;
  const { auction: a, state, title } = listing;
  const money = { currentBidCents: toCents(state.currentBid), startingBidCents: toCents(a.startingBid), bidCount: state.bidCount };
  const rules = eligibility(
    {
      status: state.status,
      endTimeMs: Date.parse(state.endTime),
      isPremiumOnly: a.isPremiumOnly,
      sellerId: a.car.ownerId,
      currentBidCents: money.currentBidCents,
      buyItNowCents: a.buyItNowPrice === null ? null : toCents(a.buyItNowPrice),
    },
    user,
    now + offset,
  );
  const minimumCents = minimumNextBidCents(money);
  // A visitor may press Bid or Buy It Now and is sent to sign in; every other refusal hides or disables the control.
  const canBid = rules.bid.ok || rules.bid.refusal.code === 'unauthorized';
  const canBuyNow = rules.buyNow.ok || rules.buyNow.refusal.code === 'unauthorized';
  const blockedReason = !rules.ended && !rules.isSeller && !rules.bid.ok && rules.bid.refusal.code === 'forbidden' ? rules.bid.refusal.message : null;

  return (
    <>
      {rules.isSeller && (
        <p className="rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm text-slate-700" data-testid="seller-note">
          Your listing: you can follow the bids here, but not bid on or buy your own car.
        </p>
      )}
      {blockedReason && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="premium-note">{blockedReason}</p>
      )}
      {!user && !rules.ended && (
        <p className="text-sm text-slate-600"><Link to={`/login?next=/listing/${a.id}`} className="font-semibold text-brand-600 underline">Sign in</Link> to bid.</p>
      )}
      {!rules.isSeller && (
        <>
          <BidForm auctionId={a.id} currentBid={state.currentBid} minimumCents={minimumCents} disabled={!canBid} />
          <BidDialog auctionId={a.id} currentBid={state.currentBid} minimumCents={minimumCents} title={title} disabled={!canBid} />
          {buyItNowOn && canBuyNow && a.buyItNowPrice !== null && <BuyNowDialog auctionId={a.id} price={a.buyItNowPrice} title={title} />}
        </>
      )}
    </>
  );
}
