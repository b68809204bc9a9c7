// The seller's control on a live auction with a reserve: lower it (never raise it). Bidders see the new reserve
// status live; the amount itself stays the seller's.
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { userMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui';
import { lowerReserve } from '../api/offers';

export function LowerReserve({ auctionId }: { auctionId: number }) {
  const [amount, setAmount] = useState('');
  const lower = useMutation({
    mutationFn: () => lowerReserve(auctionId, amount),
    onSuccess: (r) => {
      toast({
        title: 'Reserve lowered',
        description: r.reserveStatus === 'met' ? 'The current bid now meets it.' : 'Bidders have been told.',
      });
      setAmount('');
    },
    onError: (err) =>
      toast({
        title: 'Reserve not changed',
        description: userMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    lower.mutate();
  };
  return (
    <form onSubmit={submit} className="flex gap-2 text-sm" noValidate data-testid="lower-reserve">
      <label className="flex-1">
        <span className="sr-only">New reserve in dollars</span>
        <input
          type="number"
          inputMode="numeric"
          step={1}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          placeholder="New, lower reserve"
          className="w-full rounded-lg border border-slate-300 px-3 py-2"
          data-testid="reserve-amount"
        />
      </label>
      <Button type="submit" variant="outline" disabled={lower.isPending} data-testid="lower-reserve-submit">
        Lower the reserve
      </Button>
    </form>
  );
}
