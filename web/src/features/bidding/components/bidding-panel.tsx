// What the viewer of a listing may do: bid (inline or in the dialog) and buy outright, or why not. The same rules the
// server applies under its lock (shared/src/domain/eligibility.ts), on the server's clock.
import { Link } from 'react-router';
import { eligibility, formatCents, toCents, type SessionUser } from '@app/shared';
import { serverNow, useServerTimePassed } from '../../../lib/server-clock';
import { useOnlineCount, type Listing } from '../../../shared/auction-state';
import { useFeatures } from '../../../shared/config';
import { BidForm } from './bid-form';
import { BidDialog } from './bid-dialog';
import { BuyNowDialog } from './buy-now-dialog';
import { YourMax } from './max-bid';

export function BiddingPanel({ listing, user }: { listing: Listing; user: SessionUser | null }) {
  // Shown only once the server says Buy It Now is on (an admin may turn it off for the whole marketplace).
  const buyItNowOn = useFeatures().data?.buyItNow === true;
  const { auction: a, state, title, standing } = listing;
  const online = useOnlineCount(a.id);
  // The rules depend on the clock only through whether the auction's end has passed: redrawn then, not every second.
  useServerTimePassed(Date.parse(state.endTime));
  const rules = eligibility(
    {
      status: state.status,
      endTimeMs: Date.parse(state.endTime),
      isPremiumOnly: a.isPremiumOnly,
      sellerId: a.car.ownerId,
      currentBidCents: toCents(state.currentBid),
      buyItNowCents: a.buyItNowPrice === null ? null : toCents(a.buyItNowPrice),
    },
    user,
    serverNow(),
  );
  // Null once the auction has ended: nothing can be bid then, and the page says how it ended instead.
  const minimumCents = standing.minimumNextBidCents;
  // A visitor may press Bid or Buy It Now and is sent to sign in; every other refusal hides or disables the control.
  const canBid = rules.bid.ok || rules.bid.refusal.code === 'unauthorized';
  const canBuyNow = rules.buyNow.ok || rules.buyNow.refusal.code === 'unauthorized';
  const blockedReason =
    !rules.ended && !rules.isSeller && !rules.bid.ok && rules.bid.refusal.code === 'forbidden'
      ? rules.bid.refusal.message
      : null;

  return (
    <>
      {rules.isSeller && (
        <section
          className="rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-slate-700"
          data-testid="seller-panel"
        >
          <p className="font-semibold text-slate-900">Your listing</p>
          <dl className="mt-2 grid grid-cols-3 gap-2">
            <div>
              <dt className="text-slate-500">{standing.price.label}</dt>
              <dd className="font-semibold tabular-nums" data-testid="seller-price">
                {formatCents(standing.price.cents)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Bids</dt>
              <dd className="font-semibold tabular-nums">{state.bidCount}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Watching now</dt>
              <dd className="font-semibold tabular-nums" data-testid="seller-watchers">
                {online ?? '…'}
              </dd>
            </div>
          </dl>
          <p className="mt-2 text-slate-600">You follow the bids here; sellers cannot bid on or buy their own car.</p>
        </section>
      )}
      {blockedReason && (
        <p
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="premium-note"
        >
          {blockedReason}
        </p>
      )}
      {!user && minimumCents !== null && (
        <p className="text-sm text-slate-600">
          <Link to={`/login?next=/listing/${a.id}`} className="font-semibold text-brand-600 underline">
            Sign in
          </Link>{' '}
          to bid.
        </p>
      )}
      {!rules.isSeller && minimumCents !== null && (
        <>
          {user && <YourMax auctionId={a.id} bidCount={state.bidCount} />}
          <BidForm auctionId={a.id} minimumCents={minimumCents} disabled={!canBid} />
          <BidDialog auctionId={a.id} minimumCents={minimumCents} title={title} disabled={!canBid} />
          {buyItNowOn && canBuyNow && a.buyItNowPrice !== null && (
            <BuyNowDialog auctionId={a.id} price={a.buyItNowPrice} title={title} />
          )}
        </>
      )}
    </>
  );
}
