import { useState } from 'react';
import { formatCents } from '@app/shared';
import { BidForm } from './bid-form';
import { MaxBidForm } from './max-bid';
import { Button, Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '../../../components/ui';

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
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button disabled={disabled} variant="outline-brand" size="lg" className="w-full">
          Open bid dialog
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Place a bid</DialogTitle>
        <DialogDescription>
          {title}: the lowest bid accepted now is {formatCents(minimumCents)}. Bids are in whole dollars.
        </DialogDescription>
        <div className="mt-4">
          <BidForm auctionId={auctionId} minimumCents={minimumCents} compact onPlaced={() => setOpen(false)} />
        </div>
        <div className="mt-6 border-t border-slate-200 pt-4">
          <MaxBidForm auctionId={auctionId} minimumCents={minimumCents} onSet={() => setOpen(false)} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
