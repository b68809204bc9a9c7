// Step two of selling: the terms the seller proposes, checked by the shared submission contract (whole dollars, a
// reserve not below the start, Buy It Now above it) before they are sent.
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_AUCTION_DURATIONS_DAYS, FEATURE_OFF_TEXT, SubmitAuctionBodySchema, centsToDecimal } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { submitAuction } from '../api/submit-auction';
import { useMarketplaceSettings } from '../../../shared/config';
import { Button, Field, Input, Select } from '../../../components/ui';

/** An optional amount left blank is no amount, not an invalid one. */
const blankIsNone = { setValueAs: (v: string | undefined) => (v === '' ? undefined : v) };

export function AuctionTermsForm({ carId, onSubmitted }: { carId: number; onSubmitted(): void }) {
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(SubmitAuctionBodySchema),
    // No duration chosen is the marketplace's default when an admin approves the auction (shown as it stands today).
    defaultValues: { carId, startingBid: '', durationDays: undefined, location: '', isPremiumOnly: false },
  });
  const { errors } = formState;
  const settings = useMarketplaceSettings().data;
  const defaultDays = settings?.defaultDurationDays;
  const premiumOn = settings?.features.premiumListings === true;
  const submit = useMutation({
    mutationFn: submitAuction,
    onSuccess: () => {
      onSubmitted();
      toast({ title: 'Submitted for approval', description: 'An admin reviews your auction before it goes live.' });
    },
    onError: (err) =>
      toast({
        title: 'Failed to submit car',
        description: err instanceof ApiError ? (err.serverMessage ?? 'Please try again.') : 'Please try again.',
        variant: 'destructive',
      }),
  });
  const send = handleSubmit((t) =>
    submit.mutate({
      carId: t.carId,
      startingBid: centsToDecimal(t.startingBid),
      ...(t.reservePrice !== undefined ? { reservePrice: centsToDecimal(t.reservePrice) } : {}),
      ...(t.buyItNowPrice !== undefined ? { buyItNowPrice: centsToDecimal(t.buyItNowPrice) } : {}),
      ...(t.durationDays !== undefined ? { durationDays: t.durationDays } : {}),
      location: t.location,
      ...(t.isPremiumOnly && premiumOn ? { isPremiumOnly: true } : {}),
    }),
  );

  return (
    <form onSubmit={send} className="mt-6 grid gap-4 rounded-xl border bg-white p-5 sm:grid-cols-2">
      <Field label="Starting bid ($)" error={errors.startingBid?.message}>
        <Input required {...register('startingBid')} data-testid="sub-start" />
      </Field>
      <Field label="Reserve price ($, optional)" error={errors.reservePrice?.message}>
        <Input {...register('reservePrice', blankIsNone)} />
      </Field>
      <Field label="Buy It Now price ($, optional)" error={errors.buyItNowPrice?.message}>
        <Input {...register('buyItNowPrice', blankIsNone)} />
      </Field>
      <Field label="Duration" error={errors.durationDays?.message}>
        <Select {...register('durationDays', blankIsNone)} data-testid="sub-duration">
          <option value="">
            {defaultDays === undefined ? 'Marketplace default' : `Marketplace default (${defaultDays} days today)`}
          </option>
          {ADMIN_AUCTION_DURATIONS_DAYS.map((d) => (
            <option key={d} value={d}>
              {d} days
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Location" error={errors.location?.message} className="sm:col-span-2">
        <Input required {...register('location')} data-testid="sub-location" />
      </Field>
      <label className="flex items-start gap-2 text-sm sm:col-span-2">
        <input
          type="checkbox"
          {...register('isPremiumOnly')}
          disabled={!premiumOn}
          className="mt-1"
          data-testid="sub-premium-only"
        />
        <span>
          Premium members only (beta): only premium members may bid.
          {settings && !premiumOn && (
            <span className="block text-slate-500" data-testid="premium-off">
              {FEATURE_OFF_TEXT.premiumListings}.
            </span>
          )}
        </span>
      </label>
      <Button
        type="submit"
        disabled={submit.isPending}
        variant="dark"
        className="sm:col-span-2"
        data-testid="submit-auction"
      >
        {submit.isPending ? 'Submitting…' : 'Submit to Auction'}
      </Button>
    </form>
  );
}
