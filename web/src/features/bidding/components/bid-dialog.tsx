import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { formatCents } from '@app/shared';
import { BidForm } from './bid-form';
import { MaxBidForm } from './max-bid';

export function BidDialog({
  auctionId,
  minimumCents,
  title,
  disabled,
}: {
  auctionId: number;
  minimumCents: number;
  title: string;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        disabled={disabled}
        className="w-full rounded-lg border border-brand-600 px-4 py-3 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50"
      >
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
            <BidForm auctionId={auctionId} minimumCents={minimumCents} compact onPlaced={() => setOpen(false)} />
          </div>
          <div className="mt-6 border-t border-slate-200 pt-4">
            <MaxBidForm auctionId={auctionId} minimumCents={minimumCents} onSet={() => setOpen(false)} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
