import { useState, type FormEvent } from 'react';
import { Dialog } from 'radix-ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BID_INPUT_STEP, amountVerdict, formatCents, formatMoney, parseMoneyToCents, toCents } from '@app/shared';
import { ApiError, apiRequest } from '../lib/api-client';
import { toast } from '../stores/toast';

/**
 * Client-side rule from the spec: empty, or not above the current bid, is refused without a request ("Bid must be
 * higher than ..."); an amount with cents gets the shared rule's own message.
 */
export function validateBidInput(amount: string, currentBid: string): { ok: true; cents: number } | { ok: false; message?: string } {
  const cents = amount.trim() === '' ? null : parseMoneyToCents(amount);
  if (cents === null || cents <= toCents(currentBid)) return { ok: false };
  const verdict = amountVerdict(cents);
  if (!verdict.ok) return { ok: false, message: verdict.refusal.message };
  return { ok: true, cents };
}

export function useBidMutation(auctionId: number, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: string) =>
      apiRequest('POST', '/api/bids', { auctionId, amount }),
    onSuccess: () => {
      toast({ title: 'Bid placed successfully!', description: 'Your bid has been submitted.' });
      void queryClient.invalidateQueries({ queryKey: ['/api/auctions'] });
      void queryClient.invalidateQueries({ queryKey: [`/api/auctions/${auctionId}`] });
      onDone();
    },
    onError: (err) => {
      const message = err instanceof ApiError ? err.serverMessage ?? err.message : err.message;
      toast({ title: 'Failed to place bid', description: message || 'Please try again.', variant: 'destructive' });
    },
  });
}

export function BidForm({ auctionId, currentBid, minimumCents, disabled, compact = false, onPlaced }: {
  auctionId: number;
  currentBid: string;
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
    const checked = validateBidInput(amount, currentBid);
    if (!checked.ok) {
      toast({ title: 'Invalid bid amount', description: checked.message ?? `Bid must be higher than ${formatMoney(currentBid)}`, variant: 'destructive' });
      return;
    }
    bid.mutate(amount.trim());
  };
  return (
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
      <button
        type="submit"
        disabled={disabled || bid.isPending}
        className="rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
        data-testid="place-bid"
      >
        {bid.isPending ? 'Placing bid…' : 'Place Bid'}
      </button>
    </form>
  );
}

export function BidDialog({ auctionId, currentBid, minimumCents, title, disabled }: {
  auctionId: number;
  currentBid: string;
  minimumCents: number;
  title: string;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger disabled={disabled} className="w-full rounded-lg border border-brand-600 px-4 py-3 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50">
        Open bid dialog
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[92vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-xl font-semibold">Place a bid</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            {title}: the lowest bid accepted now is {formatCents(minimumCents)}. Bids are in whole dollars.
          </Dialog.Description>
          <div className="mt-4">
            <BidForm auctionId={auctionId} currentBid={currentBid} minimumCents={minimumCents} compact onPlaced={() => setOpen(false)} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
