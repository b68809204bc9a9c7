// Proxy bidding on a listing: the bidder's private maximum ("Your max") and the form that sets it in the bid dialog.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BID_INPUT_STEP, checkBidInput, formatCents, formatMoney } from '@app/shared';
import { userMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { fetchMaxBid, maxBidKey, setMaxBid } from '../api/max-bid';
import { useSaleChanged } from '../hooks/use-sale-changed';
import { carriedMax, maxReadings } from '../hooks/carried-max';
import { useLiveAuctions } from '../../../shared/auction-state';
import { useMe } from '../../../shared/session';
import { Button } from '../../../components/ui';
import { AddCardFirst, cardNeeded } from './bid-form';

/** "Your max: $80,000 — you're leading", read again whenever a bid changes the auction (bidCount). */
export function YourMax({ auctionId, bidCount }: { auctionId: number; bidCount: number }) {
  const queryClient = useQueryClient();
  const me = useMe().data?.user?.id;
  const live = useLiveAuctions((s) => s.auctions[auctionId]);
  const q = useQuery({
    queryKey: [...maxBidKey(auctionId), bidCount],
    queryFn: () => fetchMaxBid(auctionId),
    // The viewer's own manual bid made this count (its event came before its answer): "Your max" follows from the
    // last reading, as it does from the answer (useOwnBidPlaced). A count made by another bidder, or by a maximum
    // (the viewer's own may have just been set), is read again.
    initialData: () => {
      const newest = live?.bids[0];
      return me !== undefined && live?.bidCount === bidCount && newest?.bidderId === me && newest.proxy === false
        ? carriedMax(maxReadings(queryClient, auctionId), { bidCount, currentBid: live.currentBid })
        : undefined;
    },
  });
  const max = q.data?.maxAmount ?? null;
  if (max === null) return null;
  return (
    <p
      className={`rounded-lg border p-3 text-sm ${q.data!.leading ? 'border-emerald-300 bg-emerald-50 text-emerald-900' : 'border-amber-300 bg-amber-50 text-amber-900'}`}
      data-testid="your-max"
    >
      Your max: {formatMoney(max)} — {q.data!.leading ? "you're leading" : "you've been outbid"}
    </p>
  );
}

export function MaxBidForm({
  auctionId,
  minimumCents,
  onSet,
}: {
  auctionId: number;
  minimumCents: number;
  onSet?: () => void;
}) {
  const [amount, setAmount] = useState('');
  const queryClient = useQueryClient();
  const saleChanged = useSaleChanged();
  const set = useMutation({
    mutationFn: (maxAmount: string) => setMaxBid(auctionId, maxAmount),
    onSuccess: (r) => {
      toast({
        title: 'Max bid set',
        description: r.leading
          ? `You're leading at ${formatMoney(r.currentBid)}.`
          : `Another bidder's maximum is higher: the current bid is ${formatMoney(r.currentBid)}.`,
      });
      // The answer is the reading at the count it left: "Your max" shows it without asking again; readings at
      // other counts are read again.
      queryClient.setQueryData([...maxBidKey(auctionId), r.bidCount], r);
      void queryClient.invalidateQueries({
        queryKey: maxBidKey(auctionId),
        predicate: (q) => q.queryKey[2] !== r.bidCount,
      });
      saleChanged(auctionId);
      setAmount('');
      onSet?.();
    },
    onError: (err) => {
      // As with a bid: a member without a card is shown the way to add one, under the form, not a toast.
      if (cardNeeded(err)) return;
      toast({
        title: 'Failed to set max bid',
        description: userMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkBidInput(amount, minimumCents);
    if (!checked.ok) {
      toast({ title: 'Invalid max bid', description: checked.message, variant: 'destructive' });
      return;
    }
    set.mutate(String(checked.cents / 100));
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" noValidate data-testid="max-bid-form">
      <h3 className="font-semibold">Set max bid</h3>
      <p className="text-sm text-slate-600">
        Enter the most you are willing to pay. We bid for you by the $1,000 increment, only as much as it takes to keep
        you in the lead, and never above your maximum. Nobody else sees it. You can raise it later.
      </p>
      <label>
        <span className="sr-only">Your maximum bid in dollars</span>
        <input
          type="number"
          inputMode="decimal"
          step={BID_INPUT_STEP}
          min={Math.ceil(minimumCents / 100)}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          placeholder={`${formatCents(minimumCents)} or more`}
          className="w-full rounded-lg border border-slate-300 px-4 py-3 text-lg"
          data-testid="max-bid-amount"
        />
      </label>
      <Button type="submit" disabled={set.isPending} variant="outline-brand" size="lg" data-testid="set-max-bid">
        {set.isPending ? 'Setting max bid…' : 'Set max bid'}
      </Button>
      {cardNeeded(set.error) && <AddCardFirst />}
    </form>
  );
}
