// The dashboard's list of the user's trade-in evaluations and their offers.
import { Link } from 'react-router';
import { formatMoney } from '@app/shared';
import { useTradeIns } from '../api/trade-in';
import { OfferActions } from './offer-actions';

export function TradeInOffersPanel() {
  const q = useTradeIns();
  const rows = q.data?.evaluations ?? [];
  return (
    <section className="rounded-xl border bg-white p-6" data-testid="trade-in-offers">
      <h2 className="text-xl font-semibold">My Trade-In Offers</h2>
      {q.isLoading && <p className="mt-2 text-slate-500">Loading…</p>}
      {q.isError && <p className="mt-2 text-red-600">Could not load your trade-ins.</p>}
      {q.isSuccess && rows.length === 0 && (
        <p className="mt-2 text-slate-600">
          No trade-ins yet.{' '}
          <Link to="/trade-in" className="text-brand-600 underline">
            Get a firm offer
          </Link>
        </p>
      )}
      <ul className="mt-3 divide-y">
        {rows.map((e) => (
          <li key={e.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="trade-in-row">
            <div>
              <p className="font-medium">{[e.year, e.make, e.model].filter(Boolean).join(' ') || e.vin}</p>
              <p className="text-sm text-slate-500">
                {e.vin} · {e.mileage.toLocaleString('en-US')} miles · estimated {formatMoney(e.estimatedValue)}
              </p>
              {e.offer && (
                <p className="text-sm">
                  Offer <strong>{formatMoney(e.offer.offerAmount)}</strong>
                  {e.offer.status === 'active' &&
                    ` · valid until ${new Date(e.offer.validUntil).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}`}
                </p>
              )}
            </div>
            {e.offer && <OfferActions key={`${e.offer.id}-${e.offer.status}`} offer={e.offer} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
