// The payment tab: what is owed and when (the stored schedule), and for the buyer the provider's card form, paying
// everything at once or the deposit first. The built-in sandbox is labelled as such; its confirmation arrives as the
// provider's webhook and the page follows live.
import { useState } from 'react';
import {
  SANDBOX_TEST_CARDS,
  TRANSIT_INSURANCE,
  formatCents,
  formatMoney,
  insuranceQuote,
  toCents,
  type EscrowTransaction,
  type PaymentPart,
} from '@app/shared';
import { addTransitInsurance, payWithSandboxCard, type Card } from '../api/escrow-steps';
import { canInsure, canPay, dueOf } from '../utils/escrow-state';
import { when } from '../utils/next-step';
import { FeeBreakdown } from '../../../shared/fees';
import { useEscrowStep } from './use-escrow-step';
import { Button, Field, Input } from '../../../components/ui';

export function PaymentPanel({ transaction: t }: { transaction: EscrowTransaction }) {
  const [card, setCard] = useState<Card>({ cardNumber: '', expiry: '', cvc: '' });
  const due = dueOf(t);
  const pay = useEscrowStep(
    t.auction.id,
    ({ c, part }: { c: Card; part: PaymentPart }) => payWithSandboxCard(t, c, part),
    {
      done: 'Payment submitted',
      description: 'Waiting for the payment provider to confirm it; this page updates by itself.',
      failed: 'Payment declined',
    },
  );
  const insure = useEscrowStep(t.auction.id, () => addTransitInsurance(t), {
    done: 'Insurance Added',
    failed: 'Failed to add insurance',
  });
  const quote = insuranceQuote(toCents(t.amount));
  const field = (name: keyof Card, label: string, placeholder: string) => (
    <Field label={label}>
      <Input
        value={card[name]}
        onChange={(e) => setCard({ ...card, [name]: e.target.value })}
        placeholder={placeholder}
        className="font-mono"
      />
    </Field>
  );
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div className="space-y-3 text-sm">
        <FeeBreakdown priceCents={toCents(t.amount)} side={t.role} schedule={t.fees.schedule} />
        <h3 className="pt-2 font-semibold">Payment schedule</h3>
        <ul className="space-y-1" data-testid="payment-schedule">
          {t.payment.schedule.map((l, i) => (
            <li key={i} className="flex justify-between rounded border bg-white px-3 py-2">
              <span className="capitalize">
                {l.paymentType} · {formatMoney(l.amount)}
              </span>
              <span>
                {l.status === 'paid'
                  ? `paid ${when(l.paidAt)}`
                  : l.status === 'failed'
                    ? `failed: ${l.failureReason ?? ''}`
                    : l.status === 'cancelled'
                      ? 'cancelled: not owed'
                      : `${l.status}, due ${when(l.dueDate)}`}
              </span>
            </li>
          ))}
        </ul>
        <h3 className="pt-2 font-semibold">Transit insurance (sample rates)</h3>
        {t.insurance ? (
          <p data-testid="insurance-policy">
            {t.insurance.provider}, policy {t.insurance.policyNumber}: covers {formatMoney(t.insurance.coverageAmount)}{' '}
            in transit until {when(t.insurance.expirationDate)}; premium {formatMoney(t.insurance.premium)}.
          </p>
        ) : t.status !== 'pending' ? (
          <p className="text-slate-600">No transit insurance on this sale.</p>
        ) : (
          <p className="text-slate-600">
            {TRANSIT_INSURANCE.rateBps / 100}% of the price, at least{' '}
            {formatCents(TRANSIT_INSURANCE.minimumPremiumCents)}: {formatCents(quote.premiumCents)} covers{' '}
            {formatCents(quote.coverageCents)} for {TRANSIT_INSURANCE.termDays} days. Added before paying; the premium
            is due with the deposit (or with everything, paid at once).
            {t.role === 'buyer' && canInsure(t) && (
              <Button
                onClick={() => insure.mutate(undefined)}
                disabled={insure.isPending}
                variant="outline"
                size="xs"
                className="ml-2"
              >
                Add transit insurance
              </Button>
            )}
          </p>
        )}
      </div>
      {t.role === 'buyer' && t.status === 'pending' && (
        <form
          className="space-y-3 rounded-lg border bg-white p-4"
          data-testid="card-form"
          onSubmit={(e) => {
            e.preventDefault();
            pay.mutate({ c: card, part: 'all' });
          }}
        >
          <p className="font-semibold">Pay by card</p>
          {t.payment.provider === 'sandbox' && (
            <p className="rounded bg-amber-50 p-2 text-xs text-amber-900" data-testid="sandbox-label">
              Sandbox payments: no real money moves. Test cards:{' '}
              {SANDBOX_TEST_CARDS.map((c) => `${c.number.replace(/(\d{4})(?=\d)/g, '$1 ')} (${c.label})`).join('; ')}.
            </p>
          )}
          {!canPay(t) && (
            <p className="text-xs text-slate-600">Both parties must accept the escrow terms before payment.</p>
          )}
          {field('cardNumber', 'Card number', '4242 4242 4242 4242')}
          <div className="grid grid-cols-2 gap-2">
            {field('expiry', 'Expiry (MM/YY)', '12/34')}
            {field('cvc', 'CVC', '123')}
          </div>
          <Button type="submit" disabled={pay.isPending || !canPay(t)} variant="dark" className="w-full">
            {!due.depositOpen && due.paidCents > 0 ? 'Pay balance' : 'Pay'} {formatCents(due.totalCents)}
          </Button>
          {due.depositOpen && due.first && (
            <Button
              onClick={() => pay.mutate({ c: card, part: 'deposit' })}
              disabled={pay.isPending || !canPay(t)}
              variant="outline"
              className="w-full"
            >
              Pay deposit {formatCents(due.first.amountCents)}
            </Button>
          )}
          {due.depositOpen && due.first && (
            <p className="text-xs text-slate-600">
              The deposit ({formatCents(due.first.amountCents)}) is due by {when(due.first.dueAtMs)}; the balance by{' '}
              {when(due.finalDueAtMs)}. The escrow is funded when everything is paid.
            </p>
          )}
        </form>
      )}
    </div>
  );
}
