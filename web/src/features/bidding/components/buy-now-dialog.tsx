import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ESCROW_INSPECTION_DAYS, PAYMENT_TERMS_TEXT, formatMoney, toCents } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { CurrentSaleFees, FeesLoading, useFeeSchedule } from '../../../shared/fees';
import { buyNow } from '../api/buy-now';
import { useSaleChanged } from '../hooks/use-sale-changed';

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
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        disabled={disabled}
        className="w-full rounded-lg bg-amber-400 px-4 py-3 font-semibold text-slate-900 hover:bg-amber-300 disabled:opacity-50"
        data-testid="buy-now"
      >
        Buy It Now for {formatMoney(price)}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[92vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-xl font-semibold">Buy It Now</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{title}</Dialog.Description>
          <div className="mt-4">
            {schedule ? <CurrentSaleFees priceCents={toCents(price)} schedule={schedule} /> : <FeesLoading />}
          </div>
          <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
            {PAYMENT_TERMS_TEXT} Once the documents are verified you have {ESCROW_INSPECTION_DAYS} days to inspect the
            car before the seller is paid.
          </p>
          <div className="mt-6 flex justify-end gap-3">
            <Dialog.Close className="rounded-lg border px-4 py-2">Cancel</Dialog.Close>
            <button
              onClick={() => buy.mutate()}
              disabled={buy.isPending || !schedule}
              className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white disabled:opacity-50"
              data-testid="confirm-buy-now"
            >
              {buy.isPending ? 'Purchasing…' : 'Confirm Purchase'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
