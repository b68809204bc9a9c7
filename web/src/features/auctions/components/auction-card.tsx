import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { MapPin, Eye } from 'lucide-react';
import { formatCents, type Auction } from '@app/shared';
import { Countdown, mergeLive, useLiveAuctions, useStanding } from '../../../shared/auction-state';
import { Photo } from '../../../components/ui';
import { ReserveBadge, TypeBadges } from './badges';
import { OutcomeText } from './outcome';

export const PLACEHOLDER_IMAGE = '/images/placeholder-car.svg';

export function AuctionCard({ auction, watch }: { auction: Auction; watch?: (auctionId: number) => ReactNode }) {
  const live = useLiveAuctions((s) => s.auctions[auction.id]);
  // The spec's viewer count is random sample data; it is labelled as such.
  const [viewers] = useState(() => 50 + Math.floor(Math.random() * 200));
  const state = mergeLive(auction, live);
  const standing = useStanding(state);
  const { car } = auction;
  // Off-screen cards are not laid out or painted until scrolled near (content-visibility), a card's height kept in
  // their place: a phone laid out and painted all two dozen cards as the list arrived, a long task of its own.
  return (
    <Link
      to={`/listing/${auction.id}`}
      className="group flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition [contain-intrinsic-size:auto_26rem] [content-visibility:auto] hover:-translate-y-0.5 hover:shadow-md"
      data-testid="auction-card"
    >
      <div className="relative aspect-[16/9] bg-slate-100">
        <Photo
          slot="card"
          src={car.images[0] ?? PLACEHOLDER_IMAGE}
          alt={`${car.year} ${car.make} ${car.model}`}
          className="h-full w-full object-cover"
          loading="lazy"
        />
        <div className="absolute left-3 top-3">
          <TypeBadges auctionType={auction.auctionType} isPremiumOnly={auction.isPremiumOnly} />
        </div>
        {watch && <div className="absolute right-3 top-3">{watch(auction.id)}</div>}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        {/* Two lines kept for every title and the footer pushed to the bottom: cards in one row line up. */}
        <h3 className="line-clamp-2 min-h-[3.5rem] text-lg font-semibold group-hover:text-brand-600">
          {car.year} {car.make} {car.model}
        </h3>
        <div className="flex items-end justify-between">
          <div>
            <p className="text-xs uppercase tracking-wide text-slate-500" data-testid="card-price-label">
              {standing.price.label}
            </p>
            <p className="text-xl font-bold" data-testid="card-current-bid">
              {formatCents(standing.price.cents)}
            </p>
          </div>
          <div className="text-right">
            {standing.outcome ? (
              <>
                <OutcomeText outcome={standing.outcome} short />
                {auction.isSample && (
                  <p className="mt-1 text-xs text-slate-500" data-testid="sample-sale">
                    Sample sale
                  </p>
                )}
              </>
            ) : (
              <>
                <p className="text-xs uppercase tracking-wide text-slate-500">Ends in</p>
                <Countdown endTime={state.endTime} />
              </>
            )}
          </div>
        </div>
        {standing.live && <ReserveBadge status={state.reserveStatus} />}
        <div className="mt-auto flex items-center justify-between text-sm text-slate-500" data-testid="card-footer">
          <span className="flex items-center gap-1">
            <MapPin className="h-4 w-4" aria-hidden /> {auction.location}
          </span>
          {standing.live && (
            <span className="flex items-center gap-1" title="Sample figure, not live data">
              <Eye className="h-4 w-4" aria-hidden /> {viewers} <span className="text-xs">(sample)</span>
            </span>
          )}
        </div>
      </div>
    </Link>
  );
}
