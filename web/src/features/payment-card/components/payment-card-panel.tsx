// The account page's card and holds: the card bids are held on (brand and last four digits), the sandbox's card form
// to add or replace it, and every hold placed for the buyer's premium with where it stands.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SANDBOX_SETUP_CARDS, formatMoney, type BidHold } from '@app/shared';
import { userMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { paymentCardQueryKey, saveSandboxCard, startCardSetup, usePaymentCard } from '../api/payment-card';
import { Button, Field, Input } from '../../../components/ui';

const STATUS_TEXT: Record<BidHold['status'], string> = {
  placed: 'Placed',
  released: 'Released',
  captured: 'Captured',
};

const spaced = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');

export function PaymentCardPanel() {
  const queryClient = useQueryClient();
  const mine = usePaymentCard();
  const [form, setForm] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const [adding, setAdding] = useState(false);
  const save = useMutation({
    mutationFn: async () => {
      const { setupIntentId } = await startCardSetup();
      return saveSandboxCard({ setupIntentId, ...form });
    },
    onSuccess: () => {
      toast({ title: 'Card submitted', description: 'Waiting for the payment provider to confirm it.' });
      setForm({ cardNumber: '', expiry: '', cvc: '' });
      setAdding(false);
      void queryClient.invalidateQueries({ queryKey: paymentCardQueryKey });
    },
    onError: (err) =>
      toast({ title: 'Card declined', description: userMessage(err, 'Please try again.'), variant: 'destructive' }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const d = mine.data;
  const card = d?.card;
  // A bid refused for want of a card links here (/dashboard#card): the section is brought into view once it loads.
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  const loaded = Boolean(d);
  useEffect(() => {
    if (hash === '#card' && loaded) section.current?.scrollIntoView({ block: 'start' });
  }, [hash, loaded]);
  const field = (name: keyof typeof form, label: string, placeholder: string, autoComplete: string) => (
    <Field label={label}>
      <Input
        value={form[name]}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        placeholder={placeholder}
        autoComplete={autoComplete}
        inputMode="numeric"
        className="font-mono"
        data-testid={`card-${name}`}
      />
    </Field>
  );
  return (
    <section ref={section} id="card" className="rounded-xl border bg-white p-6" data-testid="payment-card-panel">
      <h2 className="text-xl font-semibold">Card for bidding</h2>
      <p className="mt-1 text-sm text-slate-600">
        Before your first bid we place a hold for the buyer’s premium on this card. It is released if you are outbid or
        do not win, and taken as part of your payment if you win.
      </p>
      {mine.isLoading && <div className="mt-4 h-16 animate-pulse rounded bg-slate-100" />}
      {mine.isError && <p className="mt-4 text-red-700">Your card could not be loaded. Please reload the page.</p>}
      {d && (
        <div className="mt-4 space-y-4 text-sm">
          {d.exempt && <p data-testid="bid-exempt">Your account bids without a card (exempted by the marketplace).</p>}
          {card?.status === 'verified' && (
            <p data-testid="card-on-file">
              <span className="font-semibold capitalize">{card.brand}</span> ending in {card.last4}
            </p>
          )}
          {card?.status === 'pending' && (
            <p role="status" data-testid="card-pending">
              Verifying your card with the payment provider…
            </p>
          )}
          {card?.status === 'failed' && (
            <p className="text-red-700" role="alert">
              {card.failureReason ?? 'Your card was declined'}
            </p>
          )}
          {!card && !d.exempt && <p data-testid="no-card">No card yet: add one to bid.</p>}
          {adding || !card || card.status === 'failed' ? (
            <form onSubmit={submit} className="max-w-md space-y-3 rounded-lg border p-4" data-testid="add-card-form">
              <p className="rounded bg-amber-50 p-2 text-xs text-amber-900">
                Sandbox cards: no real money moves. Test cards:{' '}
                {SANDBOX_SETUP_CARDS.map((c) => `${spaced(c.number)} (${c.label})`).join('; ')}.
              </p>
              {field('cardNumber', 'Card number', '4242 4242 4242 4242', 'cc-number')}
              <div className="grid grid-cols-2 gap-2">
                {field('expiry', 'Expiry (MM/YY)', '12/34', 'cc-exp')}
                {field('cvc', 'CVC', '123', 'cc-csc')}
              </div>
              <Button type="submit" variant="dark" disabled={save.isPending} data-testid="save-card">
                {save.isPending ? 'Saving card…' : 'Save card'}
              </Button>
            </form>
          ) : (
            <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
              Replace card
            </Button>
          )}
          <h3 className="pt-2 font-semibold">Holds</h3>
          {d.holds.length === 0 ? (
            <p className="text-slate-600">No holds yet.</p>
          ) : (
            <ul className="space-y-1" data-testid="holds">
              {d.holds.map((h) => (
                <li
                  key={h.holdId}
                  className="flex flex-wrap justify-between gap-2 rounded border px-3 py-2"
                  data-testid={`hold-${h.auctionId}`}
                  data-status={h.status}
                >
                  <Link to={`/listing/${h.auctionId}`} className="underline">
                    {h.auctionTitle}
                  </Link>
                  <span>
                    {formatMoney(h.capturedAmount ?? h.amount)} ·{' '}
                    <span data-testid="hold-status">{STATUS_TEXT[h.status]}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
