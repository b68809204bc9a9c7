import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ESCROW_INSPECTION_DAYS, PAYMENT_TERMS_TEXT, formatMoney, toCents } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { CurrentSaleFees, FeesLoading, useFeeSchedule } from '../../../shared/fees';
import { buyNow } from '../api/buy-now';
import { useSaleChanged } from '../hooks/use-sale-changed';
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui';

export function BuyNowDialog({
  auctionId,
  price,
  title,
  disabled,
}: {
  auctionId: number;
  price: string;
  title: string;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const saleChanged = useSaleChanged();
  const schedule = useFeeSchedule();
  const navigate = useNavigate();
  const buy = useMutation({
    mutationFn: () => buyNow(auctionId),
    onSuccess: () => {
      toast({
        title: 'Purchase Successful!',
        description: "Congratulations! You've successfully purchased this vehicle.",
        action: { label: 'View escrow', onClick: () => void navigate(`/transaction/${auctionId}`) },
        topic: `/transaction/${auctionId}`,
      });
      saleChanged(auctionId);
      setOpen(false);
    },
    onError: (err) => {
      const message = err instanceof ApiError ? err.serverMessage : undefined;
      toast({
        title: 'Purchase Failed',
        description: message ?? 'Failed to complete purchase',
        variant: 'destructive',
      });
    },
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button disabled={disabled} variant="accent" size="lg" className="w-full" data-testid="buy-now">
          Buy It Now for {formatMoney(price)}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Buy It Now</DialogTitle>
        <DialogDescription>{title}</DialogDescription>
        <div className="mt-4">
          {schedule ? <CurrentSaleFees priceCents={toCents(price)} schedule={schedule} /> : <FeesLoading />}
        </div>
        <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
          {PAYMENT_TERMS_TEXT} Once the car is delivered you have {ESCROW_INSPECTION_DAYS} days to inspect it before the
          seller is paid.
        </p>
        <div className="mt-6 flex justify-end gap-3">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            onClick={() => buy.mutate()}
            disabled={buy.isPending || !schedule}
            variant="primary"
            data-testid="confirm-buy-now"
          >
            {buy.isPending ? 'Purchasing…' : 'Confirm Purchase'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
