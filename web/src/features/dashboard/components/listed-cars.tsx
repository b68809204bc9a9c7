import { Link } from 'react-router';
import { formatMoney, type ListedCar } from '@app/shared';
import { Countdown } from '../../../shared/auction-state';

function StateText({ car }: { car: ListedCar }) {
  switch (car.state) {
    case 'pending':
      return <span className="text-amber-700">Pending approval</span>;
    case 'live':
      return (
        <span>
          Live · Current bid <span data-testid="listed-current-bid">{formatMoney(car.currentBid)}</span> ·{' '}
          {car.watchers} watching · {car.endTime && <Countdown endTime={car.endTime} className="text-sm" />}
        </span>
      );
    case 'sold':
      return (
        <span className="text-emerald-700">
          Sold for {formatMoney(car.salePrice)}
          {car.auctionId !== null && car.transactionId !== null && (
            <>
              {' '}
              ·{' '}
              <Link to={`/transaction/${car.auctionId}`} className="underline">
                Escrow
              </Link>
            </>
          )}
        </span>
      );
    case 'unsold':
      return <span className="text-slate-600">Ended unsold</span>;
    case 'rejected':
      return <span className="text-red-700">Not approved</span>;
    case 'not-listed':
      return <span className="text-slate-600">Not listed for auction</span>;
  }
}

export function ListedCars({ cars }: { cars: ListedCar[] | undefined }) {
  return (
    <section className="rounded-xl border bg-white p-6" data-testid="my-listed-cars">
      <h2 className="text-xl font-semibold">My Listed Cars</h2>
      {cars === undefined && <div className="mt-4 h-16 animate-pulse rounded bg-slate-100" />}
      {cars?.length === 0 && (
        <p className="mt-3 text-slate-600">
          You have not listed a car yet.{' '}
          <Link to="/submit" className="text-brand-600 underline">
            Sell your car
          </Link>{' '}
          to put it up for auction.
        </p>
      )}
      <ul className="mt-4 divide-y">
        {cars?.map((c) => (
          <li
            key={c.carId}
            className="py-3 text-sm"
            data-testid={c.auctionId === null ? undefined : `listed-car-${c.auctionId}`}
          >
            {c.auctionId !== null ? (
              <Link to={`/listing/${c.auctionId}`} className="font-semibold hover:underline">
                {c.title}
              </Link>
            ) : (
              <span className="font-semibold">{c.title}</span>
            )}
            <p>
              <StateText car={c} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
