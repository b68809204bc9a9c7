import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { ADD_CARD_PATH, BID_INPUT_STEP, CARD_REQUIRED_MESSAGE, checkBidInput, formatCents } from '@app/shared';
import { ApiError, userMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { placeBid } from '../api/place-bid';
import { useOwnBidPlaced } from '../hooks/use-sale-changed';
import { Button } from '../../../components/ui';

function useBidMutation(auctionId: number, onDone: () => void) {
  const ownBidPlaced = useOwnBidPlaced();
  return useMutation({
    mutationFn: (amount: string) => placeBid(auctionId, amount),
    onSuccess: (placed) => {
      toast({ title: 'Bid placed successfully!', description: 'Your bid has been submitted.' });
      ownBidPlaced(placed);
      onDone();
    },
    onError: (err) => {
      if (cardNeeded(err)) return;
      toast({
        title: 'Failed to place bid',
        description: userMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });
}

/** A bid refused because the member has no card yet: the form shows the way to add one instead of a toast. */
export const cardNeeded = (err: unknown) => err instanceof ApiError && err.serverMessage === CARD_REQUIRED_MESSAGE;

/** Shown under a bid or maximum form when the member must add a card first. */
export function AddCardFirst() {
  return (
    <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="card-required">
      {CARD_REQUIRED_MESSAGE}{' '}
      <Link to={ADD_CARD_PATH} className="font-semibold underline">
        Add a card
      </Link>
    </p>
  );
}

export function BidForm({
  auctionId,
  minimumCents,
  disabled,
  compact = false,
  onPlaced,
}: {
  auctionId: number;
  /** The lowest bid the server will accept now (shared minimumNextBidCents). */
  minimumCents: number;
  disabled?: boolean;
  compact?: boolean;
  onPlaced?: () => void;
}) {
  const [amount, setAmount] = useState('');
  const bid = useBidMutation(auctionId, () => {
    setAmount('');
    onPlaced?.();
  });
  const minimum = Math.ceil(minimumCents / 100);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkBidInput(amount, minimumCents);
    if (!checked.ok) {
      toast({ title: 'Invalid bid amount', description: checked.message, variant: 'destructive' });
      return;
    }
    bid.mutate(String(checked.cents / 100));
  };
  return (
    <>
      <form onSubmit={submit} className={`flex ${compact ? 'flex-col' : 'flex-col sm:flex-row'} gap-3`} noValidate>
        <label className="flex-1">
          <span className="sr-only">Your bid in dollars</span>
          <input
            type="number"
            inputMode="decimal"
            step={BID_INPUT_STEP}
            min={minimum}
            required
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            placeholder={`${formatCents(minimumCents)} or more`}
            className="w-full rounded-lg border border-slate-300 px-4 py-3 text-lg"
            data-testid="bid-amount"
            disabled={disabled}
          />
        </label>
        <Button type="submit" disabled={disabled || bid.isPending} variant="primary" size="lg" data-testid="place-bid">
          {bid.isPending ? 'Placing bid…' : 'Place Bid'}
        </Button>
      </form>
      {cardNeeded(bid.error) && <AddCardFirst />}
    </>
  );
}
