import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Check, MapPin } from 'lucide-react';
import { displayedPrice, eligibility, formatCents, formatMoney, minimumNextBidCents, relativeTime, toCents, type AuctionDetail } from '@app/shared';
import { ApiError } from '../lib/api-client';
import { useMe } from '../lib/session';
import { useLiveAuction } from '../lib/use-live-auction';
import { useLiveAuctions } from '../stores/live-auctions';
import { useServerClock, useTicker } from '../stores/server-clock';
import { Countdown } from '../components/countdown';
import { ReserveBadge, TypeBadges } from '../components/badges';
import { BidDialog, BidForm } from '../components/bid-dialog';
import { BuyNowDialog } from '../components/buy-now-dialog';
import { Comments } from '../components/comments';
import { ChatWidget } from '../components/chat-widget';
import { PLACEHOLDER_IMAGE } from '../components/auction-card';

const OUTCOME_TEXT: Record<string, string> = {
  sold: 'Sold',
  'bought-now': 'Sold via Buy It Now',
  'reserve-not-met': 'Ended: reserve not met',
  'no-bids': 'Ended with no bids',
};

const KEY_FEATURES = [
  'Verified VIN and title check',
  'Multi-point inspection available',
  'Escrow-protected payment',
  'Nationwide shipping options',
  'Service records reviewed',
];

export function ListingPage() {
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const detail = useQuery<AuctionDetail>({ queryKey: [`/api/auctions/${id}`], enabled: validId });
  const me = useMe();
  useLiveAuction(validId ? [id] : []);
  const live = useLiveAuctions((s) => s.auctions[id]);
  const [image, setImage] = useState(0);
  const now = useTicker((s) => s.now);
  const offset = useServerClock((s) => s.offsetMs);

  useEffect(() => {
    const d = detail.data;
    if (!d) return;
    useServerClock.getState().learn(d.serverTime);
    useLiveAuctions.getState().seed(d.id, {
      currentBid: d.currentBid,
      bidCount: d.bidCount,
      endTime: d.endTime,
      status: d.status,
      reserveStatus: d.reserveStatus,
      seq: d.seq,
      bids: d.recentBids,
    });
  }, [detail.data]);

  if (!validId || (detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400))) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Auction not found</h1>
        <p className="mt-2 text-slate-600">The auction you're looking for doesn't exist.</p>
        <Link to="/auctions" className="mt-6 inline-block rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white">Browse auctions</Link>
      </div>
    );
  }
  if (detail.isError) {
    return <p className="mx-auto max-w-3xl px-4 py-24 text-center text-red-600">Could not load this auction. Please try again later.</p>;
  }
  if (!detail.data) {
    return <div className="mx-auto max-w-7xl px-4 py-10"><div className="h-96 animate-pulse rounded-xl bg-slate-200" /></div>;
  }

  const a = detail.data;
  const state = live && live.seq >= a.seq ? live : { ...a, bids: a.recentBids, extendedAt: undefined, closedOutcome: undefined };
  const title = `${a.car.year} ${a.car.make} ${a.car.model}`;
  const images = a.car.images.length > 0 ? a.car.images : [PLACEHOLDER_IMAGE];
  const user = me.data?.user ?? null;
  const money = { currentBidCents: toCents(state.currentBid), startingBidCents: toCents(a.startingBid), bidCount: state.bidCount };
  // The same rules the server applies under its lock (shared/src/domain/eligibility.ts), on the server's clock.
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
  const ended = rules.ended;
  const price = displayedPrice(money);
  const minimumCents = minimumNextBidCents(money);
  // A visitor may press Bid or Buy It Now and is sent to sign in; every other refusal hides or disables the control.
  const canBid = rules.bid.ok || rules.bid.refusal.code === 'unauthorized';
  const canBuyNow = rules.buyNow.ok || rules.buyNow.refusal.code === 'unauthorized';
  const blockedReason = !ended && !rules.isSeller && !rules.bid.ok && rules.bid.refusal.code === 'forbidden' ? rules.bid.refusal.message : null;
  const extendedRecently = state.extendedAt !== undefined && Date.now() - state.extendedAt < 60_000;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div>
          <div className="overflow-hidden rounded-xl bg-slate-100">
            <img src={images[image] ?? PLACEHOLDER_IMAGE} alt={title} className="aspect-[16/9] w-full object-cover" />
          </div>
          {images.length > 1 && (
            <div className="mt-3 flex gap-2">
              {images.map((src, i) => (
                <button key={src} onClick={() => setImage(i)} className={`overflow-hidden rounded-lg border-2 ${i === image ? 'border-brand-500' : 'border-transparent'}`} aria-label={`Show photo ${i + 1}`}>
                  <img src={src} alt="" className="h-16 w-28 object-cover" />
                </button>
              ))}
            </div>
          )}
        </div>

        <aside className="space-y-5">
          <TypeBadges auctionType={a.auctionType} isPremiumOnly={a.isPremiumOnly} />
          <h1 className="text-3xl font-bold" data-testid="listing-title">{title}</h1>
          <div className="flex items-center gap-2 text-slate-600"><MapPin className="h-4 w-4" aria-hidden /> {a.location}</div>
          <div className="grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-5">
            <div>
              <p className="text-xs uppercase tracking-wide text-slate-500" data-testid="price-label">{price.label}</p>
              <p className="text-3xl font-extrabold" data-testid="current-bid">{formatCents(price.cents)}</p>
              <p className="text-sm text-slate-500" data-testid="bid-count">{state.bidCount} {state.bidCount === 1 ? 'bid' : 'bids'}</p>
            </div>
            <div>
              <p className="text-xs uppercase tracking-wide text-slate-500">Time left</p>
              <Countdown endTime={state.endTime} className="text-2xl" />
              <p className="text-xs text-slate-500" data-testid="end-time">Ends {new Date(state.endTime).toLocaleString()}</p>
            </div>
            <div className="col-span-2 flex flex-wrap items-center gap-2">
              <ReserveBadge status={state.reserveStatus} />
              {extendedRecently && <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-700" data-testid="extended">Auction extended</span>}
              {OUTCOME_TEXT[state.closedOutcome ?? state.status] && (
                <span className="rounded-full bg-slate-900 px-2 py-0.5 text-xs font-semibold text-white" data-testid="outcome">
                  {OUTCOME_TEXT[state.closedOutcome ?? state.status]}
                </span>
              )}
            </div>
          </div>

          {rules.isSeller && (
            <p className="rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm text-slate-700" data-testid="seller-note">
              Your listing: you can follow the bids here, but not bid on or buy your own car.
            </p>
          )}
          {blockedReason && (
            <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="premium-note">{blockedReason}</p>
          )}
          {!user && !ended && (
            <p className="text-sm text-slate-600"><Link to={`/login?next=/listing/${a.id}`} className="font-semibold text-brand-600 underline">Sign in</Link> to bid.</p>
          )}
          {!rules.isSeller && (
            <>
              <BidForm auctionId={a.id} currentBid={state.currentBid} minimumCents={minimumCents} disabled={!canBid} />
              <BidDialog auctionId={a.id} currentBid={state.currentBid} minimumCents={minimumCents} title={title} disabled={!canBid} />
              {canBuyNow && <BuyNowDialog auctionId={a.id} price={a.buyItNowPrice!} title={title} />}
            </>
          )}

          <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-5">
            <p className="text-sm font-semibold text-emerald-900">AI estimated resale value</p>
            <p className="text-2xl font-bold text-emerald-900">{a.car.aiEstimatedValue ? formatMoney(a.car.aiEstimatedValue) : 'Not yet valued'}</p>
            {a.car.aiConfidence !== null && <p className="text-sm text-emerald-800">{a.car.aiConfidence}% confidence</p>}
          </div>
        </aside>
      </div>

      <div className="mt-10 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-8">
          <section className="rounded-xl border border-slate-200 bg-white p-6">
            <h2 className="text-xl font-semibold">Vehicle details</h2>
            <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
              {[
                ['Year', a.car.year],
                ['Make', a.car.make],
                ['Model', a.car.model],
                ['Mileage', `${a.car.mileage.toLocaleString('en-US')} miles`],
                ['VIN', a.car.vin],
                ['Condition', a.car.condition],
                ['Location', a.location],
                ['Transmission', 'Automatic'],
              ].map(([k, v]) => (
                <div key={String(k)}><dt className="text-slate-500">{k}</dt><dd className="font-medium break-all">{v}</dd></div>
              ))}
            </dl>
          </section>
          <section className="rounded-xl border border-slate-200 bg-white p-6">
            <h2 className="text-xl font-semibold">Description</h2>
            <p className="mt-3 text-slate-700">{a.car.description}</p>
            <h3 className="mt-5 font-semibold">Key features</h3>
            <ul className="mt-2 grid gap-2 sm:grid-cols-2">
              {KEY_FEATURES.map((f) => (
                <li key={f} className="flex items-center gap-2 text-sm"><Check className="h-4 w-4 text-emerald-600" aria-hidden /> {f}</li>
              ))}
            </ul>
          </section>
          <Comments auctionId={a.id} />
        </div>
        <div className="space-y-8">
          <section className="rounded-xl border border-slate-200 bg-white p-6">
            <h2 className="text-xl font-semibold">Auction details</h2>
            <dl className="mt-4 space-y-2 text-sm">
              <div className="flex justify-between"><dt className="text-slate-500">Starting bid</dt><dd>{formatMoney(a.startingBid)}</dd></div>
              {a.buyItNowPrice && <div className="flex justify-between"><dt className="text-slate-500">Buy It Now</dt><dd>{formatMoney(a.buyItNowPrice)}</dd></div>}
              <div className="flex justify-between"><dt className="text-slate-500">Location</dt><dd>{a.location}</dd></div>
              <div className="flex justify-between"><dt className="text-slate-500">Started</dt><dd>{new Date(a.startTime).toLocaleString()}</dd></div>
              <div className="flex justify-between"><dt className="text-slate-500">Ends</dt><dd>{new Date(state.endTime).toLocaleString()}</dd></div>
            </dl>
          </section>
          <section className="rounded-xl border border-slate-200 bg-white p-6">
            <h2 className="text-xl font-semibold">Bid history</h2>
            <ol className="mt-3 space-y-2 text-sm" data-testid="bid-history">
              {state.bids.length === 0 && <li className="text-slate-500">No bids yet.</li>}
              {state.bids.map((b) => (
                <li key={b.id} className="flex justify-between border-b border-slate-100 pb-2">
                  <span>{b.bidderName}</span>
                  <span className="font-semibold">{formatMoney(b.amount)}</span>
                  <span className="text-slate-500">{relativeTime(b.timestamp)}</span>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
      <ChatWidget auctionId={a.id} />
    </div>
  );
}
