import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { MapPin } from 'lucide-react';
import {
  countOf,
  formatCents,
  formatMoney,
  isSeller,
  LITTLE_MARKET_DATA_CONFIDENCE,
  LITTLE_MARKET_DATA_TEXT,
  roughDecimal,
} from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { useListing } from '../hooks/use-listing';
import { Countdown, type Listing } from '../../../shared/auction-state';
import { ReserveBadge, TypeBadges } from './badges';
import { PLACEHOLDER_IMAGE } from './auction-card';
import { AuctionFacts, BidHistory, VehicleDetails } from './listing-sections';
import { OutcomeText } from './outcome';
import { usePageTitle } from '../../../lib/page-title';
import { useTicker } from '../../../lib/server-clock';
import { leadPhotoFor } from '../../../lib/lead-photo';
import { Button, Photo } from '../../../components/ui';

/**
 * An auction's page. What a viewer can do there and the talk around it belong to other features; the app composes them
 * in through these slots, so this feature never imports them.
 */
export function ListingPage({
  viewerId,
  actions,
  discussion,
  chat,
  history,
}: {
  /** The signed-in viewer, so the seller sees "Your listing". */
  viewerId: number | null;
  /** Drawn under the price: the controls to bid and to buy. */
  actions(listing: Listing): ReactNode;
  /** Drawn under the description; the seller's id marks their words and lets them answer questions. */
  discussion(auctionId: number, sellerId: number | null): ReactNode;
  /** Drawn under the bidding controls, docked there open or closed. */
  chat(auctionId: number): ReactNode;
  /** Drawn beside the auction facts: the vehicle history report for the car's VIN. */
  history?(vin: string): ReactNode;
}) {
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const { detail, listing } = useListing(id, validId);
  const [image, setImage] = useState(0);
  const extendedRecently = useExtendedRecently(listing?.state.extendedAt);
  usePageTitle(listing?.title ?? (detail.isError ? 'Auction not found' : null));

  if (!validId || (detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400))) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Auction not found</h1>
        <p className="mt-2 text-slate-600">The auction you're looking for doesn't exist.</p>
        <Button asChild variant="primary" className="mt-6">
          <Link to="/auctions">Browse auctions</Link>
        </Button>
      </div>
    );
  }
  if (detail.isError) {
    return (
      <p className="mx-auto max-w-3xl px-4 py-24 text-center text-red-600">
        Could not load this auction. Please try again later.
      </p>
    );
  }
  if (!listing) {
    // The page's own frame with the photo's box: the listing fills it in place, nothing moves when it arrives. At
    // least a screen tall, so what the route draws after the listing (the assistant) starts below the fold and does
    // not move down the screen when the listing arrives.
    // The photo the page's HTML already drew, kept in its box (lib/lead-photo.ts).
    const lead = leadPhotoFor(`/listing/${id}`);
    return (
      <div className="mx-auto min-h-screen max-w-7xl px-4 py-8">
        <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
          {lead ? (
            <div className="overflow-hidden rounded-xl bg-slate-100">
              <img src={lead} alt="" className="aspect-[3/2] w-full object-contain" />
            </div>
          ) : (
            <div className="aspect-[3/2] w-full animate-pulse rounded-xl bg-slate-200" />
          )}
          <div className="h-64 animate-pulse rounded-xl bg-slate-200" />
        </div>
      </div>
    );
  }

  const { auction: a, state, title } = listing;
  const images = a.car.images.length > 0 ? a.car.images : [PLACEHOLDER_IMAGE];
  const { price, outcome } = listing.standing;
  const isOwn = isSeller({ sellerId: a.car.ownerId }, viewerId === null ? null : { id: viewerId });

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div>
          <div className="overflow-hidden rounded-xl bg-slate-100">
            <Photo
              slot="gallery"
              src={images[image] ?? PLACEHOLDER_IMAGE}
              alt={title}
              className="aspect-[3/2] w-full object-contain"
            />
          </div>
          {images.length > 1 && (
            <div className="mt-3 flex gap-2">
              {images.map((src, i) => (
                <Button
                  variant="bare"
                  key={src}
                  onClick={() => setImage(i)}
                  className={`overflow-hidden rounded-lg border-2 ${i === image ? 'border-brand-500' : 'border-transparent'}`}
                  aria-label={`Show photo ${i + 1}`}
                >
                  <Photo slot="thumbnail" src={src} alt="" className="h-16 w-28 object-cover" />
                </Button>
              ))}
            </div>
          )}
        </div>

        <aside className="space-y-5">
          <TypeBadges auctionType={a.auctionType} isPremiumOnly={a.isPremiumOnly} />
          <h1 className="text-3xl font-bold" data-testid="listing-title">
            {title}
          </h1>
          {isOwn && (
            <span
              className="inline-block rounded-full bg-brand-600 px-3 py-1 text-sm font-semibold text-white"
              data-testid="your-listing"
            >
              Your listing
            </span>
          )}
          <div className="flex items-center gap-2 text-slate-600">
            <MapPin className="h-4 w-4" aria-hidden /> {a.location}
          </div>
          <div className="grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-5">
            <div>
              <p className="text-xs uppercase tracking-wide text-slate-500" data-testid="price-label">
                {price.label}
              </p>
              <p className="text-3xl font-extrabold" data-testid="current-bid">
                {formatCents(price.cents)}
              </p>
              <p className="text-sm text-slate-500" data-testid="bid-count">
                {countOf(state.bidCount, 'bid')}
              </p>
            </div>
            {outcome ? (
              <div>
                <p className="text-xs uppercase tracking-wide text-slate-500">Auction ended</p>
                <p className="text-lg font-semibold" data-testid="ended-text">
                  {outcome.text}
                </p>
                {a.isSample && (
                  <p className="text-xs text-slate-500" data-testid="sample-sale">
                    Sample sale: made-up figures
                  </p>
                )}
              </div>
            ) : (
              <div>
                <p className="text-xs uppercase tracking-wide text-slate-500">Time left</p>
                <Countdown endTime={state.endTime} className="text-2xl" />
                <p className="text-xs text-slate-500" data-testid="end-time">
                  Ends {new Date(state.endTime).toLocaleString()}
                </p>
              </div>
            )}
            <div className="col-span-2 flex flex-wrap items-center gap-2">
              {!outcome && <ReserveBadge status={state.reserveStatus} />}
              {!outcome && extendedRecently && (
                <span
                  className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-700"
                  data-testid="extended"
                >
                  Auction extended
                </span>
              )}
              {outcome && <OutcomeText outcome={outcome} />}
            </div>
          </div>

          {actions(listing)}
          {chat(a.id)}

          <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-5">
            <p className="text-sm font-semibold text-emerald-900">AI estimated resale value</p>
            {a.car.aiEstimatedValue &&
            a.car.aiConfidence !== null &&
            a.car.aiConfidence < LITTLE_MARKET_DATA_CONFIDENCE ? (
              // Too little market data to name a price: a rough order of magnitude, said as such.
              <>
                <p className="text-xl font-bold text-emerald-900" data-testid="ai-value">
                  {LITTLE_MARKET_DATA_TEXT}
                </p>
                <p className="text-sm text-emerald-800">
                  Rough estimate {formatMoney(roughDecimal(a.car.aiEstimatedValue))}, not from comparable sales
                </p>
              </>
            ) : (
              <p className="text-2xl font-bold text-emerald-900" data-testid="ai-value">
                {a.car.aiEstimatedValue ? formatMoney(a.car.aiEstimatedValue) : 'Not yet valued'}
              </p>
            )}
            {a.car.aiConfidence !== null && (
              <p className="text-sm text-emerald-800">{a.car.aiConfidence}% confidence</p>
            )}
          </div>
        </aside>
      </div>

      <div className="mt-10 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-8">
          <VehicleDetails auction={a} />
          {discussion(a.id, a.car.ownerId)}
        </div>
        <div className="space-y-8">
          {a.car.vin && history?.(a.car.vin)}
          <AuctionFacts auction={a} endTime={state.endTime} />
          <BidHistory bids={state.bids} />
        </div>
      </div>
    </div>
  );
}

/** Whether the clock was extended in the last minute (a late bid): redraws when that changes, not on every tick. */
function useExtendedRecently(extendedAt: number | undefined): boolean {
  return useTicker((s) => extendedAt !== undefined && s.now - extendedAt < 60_000);
}
