// The dashboard's list of the user's own maximum bids on open auctions: private, so only ever fetched for its owner.
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@app/shared';
import { fetchMyMaxBids } from '../api/max-bid';

export function MyMaxBidsPanel() {
  const q = useQuery({ queryKey: ['max-bids'], queryFn: fetchMyMaxBids });
  return (
    <section className="rounded-xl border bg-white p-6" data-testid="my-max-bids">
      <h2 className="text-xl font-semibold">Your max bids</h2>
      {q.data && q.data.length === 0 && (
        <p className="mt-2 text-sm text-slate-600">
          No max bids on open auctions. Set one from a listing's bid dialog.
        </p>
      )}
      <ul className="mt-3 space-y-2 text-sm">
        {q.data?.map((m) => (
          <li key={m.auctionId} className="flex flex-wrap justify-between gap-2 border-b border-slate-100 pb-2">
            <Link to={`/listing/${m.auctionId}`} className="font-semibold text-brand-700 underline">
              {m.title}
            </Link>
            <span>
              Your max: {formatMoney(m.maxAmount)} — {m.leading ? "you're leading" : "you've been outbid"} (current bid{' '}
              {formatMoney(m.currentBid)})
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
