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
import { Button, Field, Input, Select } from '../../../components/ui';

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
      <Field label="Auction">
        <Select required {...register('auctionId')} data-testid="alert-auction">
          <option value="">Choose an auction</option>
          {auctions.data?.map((a) => (
            <option key={a.id} value={a.id}>
              {a.car.year} {a.car.make} {a.car.model}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Alert type">
        <Select required {...register('alertType')} data-testid="alert-type">
          <option value="">Choose a type</option>
          {ALERT_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </Select>
      </Field>
      {alertType === 'priceTarget' && (
        <Field label="Target price ($)" error={priceError}>
          <Input
            required
            type="number"
            step="0.01"
            min="0"
            {...register('settings.priceTarget', { shouldUnregister: true })}
            data-testid="alert-price"
          />
        </Field>
      )}
      {alertType === 'timeRemaining' && (
        <Field label="Minutes before end">
          <Select {...register('settings.timeThreshold')}>
            {ALERT_TIME_THRESHOLDS.map((m) => (
              <option key={m} value={m}>
                {m} minutes
              </option>
            ))}
          </Select>
        </Field>
      )}
      <div className="flex items-end gap-2 sm:col-span-2">
        <Button
          type="submit"
          disabled={!auctionId || !alertType || create.isPending}
          variant="primary"
          data-testid="alert-create"
        >
          {create.isPending ? 'Creating…' : 'Create Alert'}
        </Button>
        <Button onClick={onDone} variant="outline">
          Cancel
        </Button>
      </div>
    </form>
  );
}
