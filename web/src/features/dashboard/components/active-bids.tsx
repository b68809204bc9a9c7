import { Link } from 'react-router';
import { formatMoney, type UserBid } from '@app/shared';
import { Countdown } from '../../../shared/auction-state';
import { Button } from '../../../components/ui';

export function ActiveBids({ bids }: { bids: UserBid[] | undefined }) {
  return (
    <section className="rounded-xl border bg-white p-6" data-testid="my-active-bids">
      <h2 className="text-xl font-semibold">My Active Bids</h2>
      {bids === undefined && <div className="mt-4 h-16 animate-pulse rounded bg-slate-100" />}
      {bids?.length === 0 && (
        <p className="mt-3 text-slate-600">
          You have no bids on open auctions.{' '}
          <Link to="/auctions" className="text-brand-600 underline">
            Browse live auctions
          </Link>{' '}
          and place your first bid.
        </p>
      )}
      <ul className="mt-4 divide-y">
        {bids?.map((b) => (
          <li
            key={b.auctionId}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
            data-testid={`active-bid-${b.auctionId}`}
          >
            <div>
              <Link to={`/listing/${b.auctionId}`} className="font-semibold hover:underline">
                {b.title}
              </Link>
              <p className="text-sm text-slate-600">
                Your bid {formatMoney(b.myHighestBid)} · Current bid {formatMoney(b.currentBid)} ·{' '}
                <Countdown endTime={b.endTime} className="text-sm" />
              </p>
            </div>
            <div className="flex items-center gap-3">
              <span
                data-testid="bid-standing"
                className={`rounded-full px-3 py-1 text-sm font-semibold ${b.standing === 'Leading' ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800'}`}
              >
                {b.standing}
              </span>
              {b.standing === 'Outbid' && (
                <Button asChild variant="primary" size="sm">
                  <Link to={`/listing/${b.auctionId}`}>Bid again</Link>
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
