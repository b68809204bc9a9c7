import { Link } from 'react-router';
import { formatMoney, type AuctionPrediction } from '@app/shared';
import { Countdown } from '../../../shared/auction-state';

const BADGE = {
  'Strong Buy': 'bg-emerald-100 text-emerald-800',
  Buy: 'bg-sky-100 text-sky-800',
  Hold: 'bg-slate-100 text-slate-700',
} as const;

/** The auctions the user watches, each with the model's advice (the reason shows on hover). */
export function Watchlist({ items }: { items: AuctionPrediction[] | undefined }) {
  const watched = items?.filter((p) => p.watched);
  return (
    <section className="rounded-xl border bg-white p-6" data-testid="watchlist">
      <h2 className="text-xl font-semibold">Watchlist</h2>
      {watched === undefined && <div className="mt-4 h-16 animate-pulse rounded bg-slate-100" />}
      {watched?.length === 0 && (
        <p className="mt-3 text-slate-600">
          Press Watch on a listing to follow it here, with our AI's advice on its price.
        </p>
      )}
      <ul className="mt-4 divide-y">
        {watched?.map((p) => (
          <li key={p.auctionId} className="flex items-center justify-between gap-3 py-3 text-sm">
            <div>
              <Link to={`/listing/${p.auctionId}`} className="font-semibold hover:underline">
                {p.title}
              </Link>
              <p className="text-slate-600">
                Current bid {formatMoney(p.currentBid)} · <Countdown endTime={p.endTime} className="text-sm" />
              </p>
            </div>
            <span
              title={p.reason}
              className={`rounded-full px-3 py-1 font-semibold ${BADGE[p.recommendation]}`}
              data-testid="recommendation"
            >
              {p.recommendation}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The first two auctions the user watches or bids on, with the model's predicted price and its measured confidence. */
export function PricePredictions({ items }: { items: AuctionPrediction[] | undefined }) {
  const shown = items?.slice(0, 2);
  return (
    <section className="rounded-xl border bg-white p-6" data-testid="price-predictions">
      <h2 className="text-xl font-semibold">AI Price Predictions</h2>
      {shown === undefined && <div className="mt-4 h-16 animate-pulse rounded bg-slate-100" />}
      {shown?.length === 0 && (
        <p className="mt-3 text-slate-600">Watch or bid on an auction to see what our model expects it to sell for.</p>
      )}
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        {shown?.map((p) => (
          <Link key={p.auctionId} to={`/listing/${p.auctionId}`} className="rounded-lg border p-4 hover:bg-slate-50">
            <p className="font-semibold">{p.title}</p>
            <p className="mt-1 text-2xl font-bold">{formatMoney(p.predictedValue)}</p>
            <p className="text-sm text-slate-600">
              Range {formatMoney(p.low)} – {formatMoney(p.high)} · {p.confidence}% confidence
            </p>
            <p className="text-sm text-slate-600">Current bid {formatMoney(p.currentBid)}</p>
          </Link>
        ))}
      </div>
    </section>
  );
}
