import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ALERT_DEFAULT_TIME_THRESHOLD,
  ALERT_TIME_THRESHOLDS,
  ALERT_TYPES,
  CreateBidAlertBodySchema,
  centsToDecimal,
} from '@app/shared';
import { toast } from '../../../lib/toast';
import { useAuctions } from '../../../shared/auction-state';
import { bidAlertsQueryKey, createBidAlert, type NewBidAlert } from '../api/bid-alerts';
import { TYPE_LABELS } from '../utils/alert-labels';

export function NewAlertForm({ onDone }: { onDone: () => void }) {
  const auctions = useAuctions();
  const queryClient = useQueryClient();
  const { register, handleSubmit, control, formState } = useForm({
    resolver: zodResolver(CreateBidAlertBodySchema),
    defaultValues: {
      auctionId: '',
      settings: {
        emailEnabled: true,
        pushEnabled: true,
        smsEnabled: false,
        timeThreshold: String(ALERT_DEFAULT_TIME_THRESHOLD),
      },
    },
  });
  const [auctionId, alertType] = useWatch({ control, name: ['auctionId', 'alertType'] });
  const create = useMutation({
    mutationFn: createBidAlert,
    onSuccess: () => {
      toast({ title: 'Alert Created' });
      void queryClient.invalidateQueries({ queryKey: bidAlertsQueryKey });
      onDone();
    },
    onError: () => toast({ title: 'Failed to create alert', variant: 'destructive' }),
  });
  const submit = handleSubmit(({ auctionId, alertType, settings: { priceTarget, ...settings } }) => {
    const alert: NewBidAlert = {
      auctionId,
      alertType,
      settings: {
        ...settings,
        ...(alertType === 'priceTarget' && priceTarget !== undefined
          ? { priceTarget: centsToDecimal(priceTarget) }
          : {}),
      },
    };
    create.mutate(alert);
  });
  const priceError = formState.errors.settings?.priceTarget?.message;

  return (
    <form
      onSubmit={submit}
      className="mt-4 grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-2"
      data-testid="new-alert-form"
    >
      <label className="text-sm">
        Auction
        <select
          required
          {...register('auctionId')}
          className="mt-1 w-full rounded border px-2 py-2"
          data-testid="alert-auction"
        >
          <option value="">Choose an auction</option>
          {auctions.data?.map((a) => (
            <option key={a.id} value={a.id}>
              {a.car.year} {a.car.make} {a.car.model}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        Alert type
        <select
          required
          {...register('alertType')}
          className="mt-1 w-full rounded border px-2 py-2"
          data-testid="alert-type"
        >
          <option value="">Choose a type</option>
          {ALERT_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </label>
      {alertType === 'priceTarget' && (
        <label className="text-sm">
          Target price ($)
          <input
            required
            type="number"
            step="0.01"
            min="0"
            {...register('settings.priceTarget', { shouldUnregister: true })}
            className="mt-1 w-full rounded border px-2 py-2"
            data-testid="alert-price"
          />
          {priceError && <span className="mt-1 block text-red-600">{priceError}</span>}
        </label>
      )}
      {alertType === 'timeRemaining' && (
        <label className="text-sm">
          Minutes before end
          <select {...register('settings.timeThreshold')} className="mt-1 w-full rounded border px-2 py-2">
            {ALERT_TIME_THRESHOLDS.map((m) => (
              <option key={m} value={m}>
                {m} minutes
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="flex items-end gap-2 sm:col-span-2">
        <button
          type="submit"
          disabled={!auctionId || !alertType || create.isPending}
          className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white disabled:opacity-50"
          data-testid="alert-create"
        >
          {create.isPending ? 'Creating…' : 'Create Alert'}
        </button>
        <button type="button" onClick={onDone} className="rounded-lg border px-4 py-2">
          Cancel
        </button>
      </div>
    </form>
  );
}
