// Offers after the hammer on the listing page: the high bidder's "Make an offer" when the reserve was not met, the
// seller's answers (accept, decline, counter) and second-chance offers, the buyer's answer to a counter or a second
// chance, and the way to the escrow once an offer is accepted. What is shown is what the server says may be done.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatMoney, type AuctionOffer, type SessionUser } from '@app/shared';
import { userMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui';
import { answerOffer, offersQueryKey, sendBestOffer, sendSecondChance, useOffers } from '../api/offers';
import { useOfferEvents } from '../hooks/use-offer-events';

const STATUS_TEXT: Record<AuctionOffer['status'], string> = {
  open: 'Waiting for an answer',
  countered: 'Countered',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  withdrawn: 'Withdrawn (sold to another buyer)',
};

function useRefresh(auctionId: number) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: offersQueryKey(auctionId) });
}

const failed = (title: string) => (err: unknown) =>
  toast({ title, description: userMessage(err, 'Please try again.'), variant: 'destructive' });

export function OffersPanel({
  auctionId,
  ended,
  user,
}: {
  auctionId: number;
  ended: boolean;
  user: SessionUser | null;
}) {
  const offers = useOffers(auctionId, ended && user !== null);
  useOfferEvents(auctionId, ended ? (user?.id ?? null) : null);
  const data = offers.data;
  if (!ended || !user || !data) return null;
  if (data.offers.length === 0 && data.bestOfferMinimum === null && data.secondChanceBidders.length === 0) return null;
  return (
    <section className="space-y-3 rounded-xl border border-slate-200 bg-white p-4" data-testid="offers-panel">
      <h2 className="font-semibold">Offers</h2>
      {data.bestOfferMinimum !== null && <BestOfferForm auctionId={auctionId} minimum={data.bestOfferMinimum} />}
      {data.offers.map((o) => (
        <OfferRow key={o.id} offer={o} isBuyer={o.buyerId === user.id} />
      ))}
      {data.secondChanceBidders.length > 0 && <SecondChance auctionId={auctionId} bidders={data.secondChanceBidders} />}
    </section>
  );
}

function BestOfferForm({ auctionId, minimum }: { auctionId: number; minimum: string }) {
  const [amount, setAmount] = useState('');
  const refresh = useRefresh(auctionId);
  const send = useMutation({
    mutationFn: () => sendBestOffer(auctionId, amount),
    onSuccess: () => {
      toast({ title: 'Offer sent', description: 'The seller has 24 hours to answer.' });
      refresh();
    },
    onError: failed('Offer not sent'),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate();
  };
  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      <p className="text-sm text-slate-600">
        The reserve was not met. As the high bidder you may send the seller one offer of at least {formatMoney(minimum)}{' '}
        within 24 hours of the close.
      </p>
      <div className="flex gap-2">
        <label className="flex-1">
          <span className="sr-only">Your offer in dollars</span>
          <input
            type="number"
            inputMode="numeric"
            step={1}
            min={Number(minimum)}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            placeholder={`${formatMoney(minimum)} or more`}
            className="w-full rounded-lg border border-slate-300 px-3 py-2"
            data-testid="offer-amount"
          />
        </label>
        <Button type="submit" variant="primary" disabled={send.isPending} data-testid="make-offer">
          Make an offer
        </Button>
      </div>
    </form>
  );
}

function OfferRow({ offer, isBuyer }: { offer: AuctionOffer; isBuyer: boolean }) {
  const [counter, setCounter] = useState('');
  const refresh = useRefresh(offer.auctionId);
  const answer = useMutation({
    mutationFn: (body: Parameters<typeof answerOffer>[1]) => answerOffer(offer.id, body),
    onSuccess: (r) => {
      toast({ title: `Offer ${r.offer.status}` });
      refresh();
    },
    onError: failed('The offer could not be answered'),
  });
  const myTurn = offer.turn !== null && (offer.turn === 'buyer') === isBuyer;
  const price = offer.counterAmount ?? offer.amount;
  return (
    <div className="rounded-lg border border-slate-100 p-3 text-sm" data-testid={`offer-${offer.id}`}>
      <p>
        <span className="font-semibold">
          {offer.kind === 'best' ? 'Best offer' : 'Second-chance offer'}{' '}
          {isBuyer ? '(yours)' : `from ${offer.buyerName}`}
        </span>
        : {formatMoney(offer.amount)}
        {offer.counterAmount !== null && <> · seller's counter {formatMoney(offer.counterAmount)}</>}
      </p>
      <p className="text-slate-600" data-testid="offer-status">
        {STATUS_TEXT[offer.status]}
        {offer.turn !== null && <> · answer by {new Date(offer.expiresAt).toLocaleString()}</>}
      </p>
      {offer.status === 'accepted' && (
        <Link
          to={`/transaction/${offer.auctionId}`}
          className="font-semibold text-brand-600 underline"
          data-testid="offer-escrow"
        >
          Go to the escrow
        </Link>
      )}
      {myTurn && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <Button
            variant="primary"
            disabled={answer.isPending}
            onClick={() => answer.mutate({ action: 'accept' })}
            data-testid="offer-accept"
          >
            Accept {formatMoney(price)}
          </Button>
          <Button
            variant="outline"
            disabled={answer.isPending}
            onClick={() => answer.mutate({ action: 'decline' })}
            data-testid="offer-decline"
          >
            Decline
          </Button>
          {!isBuyer && offer.kind === 'best' && offer.status === 'open' && (
            <form
              className="flex gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                answer.mutate({ action: 'counter', counterAmount: counter });
              }}
            >
              <label>
                <span className="sr-only">Counter in dollars</span>
                <input
                  type="number"
                  inputMode="numeric"
                  step={1}
                  value={counter}
                  onChange={(e) => setCounter(e.target.value)}
                  placeholder="Counter amount"
                  className="w-36 rounded-lg border border-slate-300 px-3 py-2"
                  data-testid="counter-amount"
                />
              </label>
              <Button type="submit" variant="outline" disabled={answer.isPending} data-testid="offer-counter">
                Counter
              </Button>
            </form>
          )}
        </div>
      )}
    </div>
  );
}

function SecondChance({
  auctionId,
  bidders,
}: {
  auctionId: number;
  bidders: { userId: number; name: string; highBid: string }[];
}) {
  const refresh = useRefresh(auctionId);
  const send = useMutation({
    mutationFn: (bidderId: number) => sendSecondChance(auctionId, bidderId),
    onSuccess: () => {
      toast({ title: 'Second-chance offer sent', description: 'The bidder has 48 hours to accept.' });
      refresh();
    },
    onError: failed('Offer not sent'),
  });
  return (
    <div className="text-sm">
      <p className="text-slate-600">Offer the car to another bidder at their highest bid (valid 48 hours):</p>
      <ul className="mt-1 space-y-1">
        {bidders.map((b) => (
          <li key={b.userId} className="flex items-center justify-between gap-2">
            <span>
              {b.name} · {formatMoney(b.highBid)}
            </span>
            <Button variant="outline" size="sm" disabled={send.isPending} onClick={() => send.mutate(b.userId)}>
              Offer at {formatMoney(b.highBid)}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
