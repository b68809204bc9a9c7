// Accept or decline an offer; the answer (or why it can no longer be given) comes from the server.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TradeInOfferView } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { answerOffer, tradeInsQueryKey } from '../api/trade-in';
import { Button } from '../../../components/ui';

export function OfferActions({ offer: initial }: { offer: TradeInOfferView }) {
  const [offer, setOffer] = useState(initial);
  const [pending, setPending] = useState(false);
  const queryClient = useQueryClient();
  const answer = (a: 'accept' | 'decline') => {
    setPending(true);
    answerOffer(offer.id, a)
      .then((o) => {
        setOffer(o);
        toast({
          title: a === 'accept' ? 'Offer Accepted' : 'Offer Declined',
          description: a === 'accept' ? 'We will contact you to arrange the hand-over.' : 'The offer is closed.',
        });
      })
      .catch((err: unknown) =>
        toast({
          title: 'Offer not changed',
          description: err instanceof ApiError ? (err.serverMessage ?? err.message) : 'Please try again.',
          variant: 'destructive',
        }),
      )
      .finally(() => {
        setPending(false);
        void queryClient.invalidateQueries({ queryKey: tradeInsQueryKey });
      });
  };
  if (offer.status !== 'active') {
    return (
      <span className="rounded bg-slate-100 px-2 py-1 text-sm font-semibold capitalize" data-testid="ti-offer-status">
        {offer.status}
      </span>
    );
  }
  return (
    <span className="flex gap-2">
      <Button disabled={pending} onClick={() => answer('accept')} variant="success" data-testid="ti-accept">
        Accept Offer
      </Button>
      <Button disabled={pending} onClick={() => answer('decline')} variant="outline" data-testid="ti-decline">
        Decline
      </Button>
    </span>
  );
}
