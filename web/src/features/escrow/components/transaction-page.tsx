import { Link, useParams } from 'react-router';
import { formatMoney } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { useMe } from '../../../shared/session';
import { useEscrowTransaction } from '../api/get-transaction';
import { NextStepPanel } from './next-step-panel';
import { TransactionTabs } from './transaction-tabs';
import { Button } from '../../../components/ui';

export function TransactionPage() {
  const auctionId = Number(useParams().auctionId);
  const valid = Number.isInteger(auctionId) && auctionId > 0;
  const me = useMe();
  const tx = useEscrowTransaction(auctionId, valid && Boolean(me.data?.user));

  if (!valid) return <Centered title="Invalid Transaction" text="The auction ID is missing or invalid." />;
  if (me.data && !me.data.user)
    return (
      <Centered
        title="Sign in required"
        text="Sign in as the buyer or the seller to see this transaction."
        link={`/login?next=/transaction/${auctionId}`}
      />
    );
  if (tx.isLoading || me.isLoading) return <p className="p-8 text-center">Loading…</p>;
  if (tx.error instanceof ApiError && tx.error.status === 404)
    return <Centered title="Escrow" text="No escrow transaction found for this auction." />;
  if (tx.isError || !tx.data) return <Centered title="Escrow" text="Failed to fetch transaction" />;

  const t = tx.data;
  const title = `${t.auction.car.year} ${t.auction.car.make} ${t.auction.car.model}`;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm text-slate-500">
            Escrow transaction #{t.id} · you are the {t.role}
          </p>
          <h1 className="text-3xl font-bold">{title}</h1>
        </div>
        {/* On a phone this block wraps under the title: the badge then sits beside the amount, not off to one side. */}
        <div className="flex items-center gap-3 sm:flex-col sm:items-end sm:gap-1">
          <p className="text-3xl font-extrabold">{formatMoney(t.amount)}</p>
          <p
            className="inline-block whitespace-nowrap rounded-full bg-slate-900 px-3 py-1 text-xs font-semibold text-white"
            data-testid="escrow-status"
          >
            {t.status.toUpperCase()}
          </p>
        </div>
      </div>
      <NextStepPanel transaction={t} />
      <TransactionTabs transaction={t} />
    </div>
  );
}

function Centered({ title, text, link }: { title: string; text: string; link?: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-600">{text}</p>
      {link && (
        <Button asChild variant="primary" className="mt-6">
          <Link to={link}>Sign in</Link>
        </Button>
      )}
    </div>
  );
}
