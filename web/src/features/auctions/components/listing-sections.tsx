// The listing page's reading sections: the car, the auction's terms, and the bids so far.
import { Check } from 'lucide-react';
import { formatMoney, relativeTime, type AuctionDetail } from '@app/shared';
import type { ListingState } from '../../../shared/auction-state';

const KEY_FEATURES = [
  'Verified VIN and title check',
  'Multi-point inspection available',
  'Escrow-protected payment',
  'Nationwide shipping options',
  'Service records reviewed',
];

export function VehicleDetails({ auction: a }: { auction: AuctionDetail }) {
  return (
    <>
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
            <div key={String(k)}>
              <dt className="text-slate-500">{k}</dt>
              <dd className="font-medium break-all">{v}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-6">
        <h2 className="text-xl font-semibold">Description</h2>
        <p className="mt-3 whitespace-pre-line text-slate-700" data-testid="description">
          {a.car.description || 'The seller has not written a description yet.'}
        </p>
        <h3 className="mt-5 font-semibold">Key features</h3>
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          {KEY_FEATURES.map((f) => (
            <li key={f} className="flex items-center gap-2 text-sm">
              <Check className="h-4 w-4 text-emerald-600" aria-hidden /> {f}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export function AuctionFacts({ auction: a, endTime }: { auction: AuctionDetail; endTime: string }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 className="text-xl font-semibold">Auction details</h2>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between">
          <dt className="text-slate-500">Starting bid</dt>
          <dd>{formatMoney(a.startingBid)}</dd>
        </div>
        {a.buyItNowPrice && (
          <div className="flex justify-between">
            <dt className="text-slate-500">Buy It Now</dt>
            <dd>{formatMoney(a.buyItNowPrice)}</dd>
          </div>
        )}
        <div className="flex justify-between">
          <dt className="text-slate-500">Location</dt>
          <dd>{a.location}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-slate-500">Started</dt>
          <dd>{new Date(a.startTime).toLocaleString()}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-slate-500">Ends</dt>
          <dd>{new Date(endTime).toLocaleString()}</dd>
        </div>
      </dl>
    </section>
  );
}

export function BidHistory({ bids }: { bids: ListingState['bids'] }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 className="text-xl font-semibold">Bid history</h2>
      <ol className="mt-3 space-y-2 text-sm" data-testid="bid-history">
        {bids.length === 0 && <li className="text-slate-500">No bids yet.</li>}
        {bids.map((b) => (
          // Fixed columns, amounts right-aligned in tabular figures: the amounts line up whatever the names' lengths.
          <li
            key={b.id}
            className="grid grid-cols-[minmax(0,1fr)_auto_7.5rem] items-baseline gap-3 border-b border-slate-100 pb-2"
            data-testid="bid-row"
          >
            <span className="truncate">
              {b.bidderName}
              {b.proxy && (
                <span
                  className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600"
                  data-testid="proxy-bid"
                  title="Placed automatically by this bidder's maximum bid"
                >
                  automatic
                </span>
              )}
            </span>
            <span className="text-right font-semibold tabular-nums" data-testid="bid-amount-cell">
              {formatMoney(b.amount)}
            </span>
            <span className="text-right text-slate-500">{relativeTime(b.timestamp)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
