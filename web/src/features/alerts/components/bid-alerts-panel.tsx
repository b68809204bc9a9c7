import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Switch } from 'radix-ui';
import { Bell, Trash2 } from 'lucide-react';
import { relativeTime } from '@app/shared';
import { toast } from '../../../lib/toast';
import { StandingLine } from '../../../shared/auction-state';
import { bidAlertsQueryKey, deleteBidAlert, setBidAlertActive, useBidAlerts } from '../api/bid-alerts';
import { TYPE_LABELS, describe } from '../utils/alert-labels';
import { NewAlertForm } from './new-alert-form';
import { Button } from '../../../components/ui';

export function BidAlertsPanel() {
  const alerts = useBidAlerts();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const toggle = useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => setBidAlertActive(id, isActive),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bidAlertsQueryKey }),
    onError: () => toast({ title: 'Failed to update alert', variant: 'destructive' }),
  });
  const remove = useMutation({
    mutationFn: deleteBidAlert,
    onSuccess: () => {
      toast({ title: 'Alert Deleted' });
      void queryClient.invalidateQueries({ queryKey: bidAlertsQueryKey });
    },
    onError: () => toast({ title: 'Failed to delete alert', variant: 'destructive' }),
  });
  const active = alerts.data?.filter((a) => a.isActive).length ?? 0;
  return (
    <section className="rounded-xl border bg-white p-6" aria-labelledby="bid-alerts-title">
      <div className="flex items-center justify-between">
        <div>
          <h2 id="bid-alerts-title" className="flex items-center gap-2 text-xl font-semibold">
            <Bell className="h-5 w-5" aria-hidden /> Bid alerts
          </h2>
          <p className="text-sm text-slate-500" data-testid="active-alert-count">
            {active} active
          </p>
        </div>
        {!creating && (
          <Button onClick={() => setCreating(true)} variant="dark" size="sm" data-testid="new-alert">
            New Alert
          </Button>
        )}
      </div>
      {creating && <NewAlertForm onDone={() => setCreating(false)} />}
      <ul className="mt-4 divide-y">
        {alerts.isLoading && <li className="py-3 text-slate-500">Loading alerts...</li>}
        {alerts.data?.length === 0 && <li className="py-3 text-slate-500">No alerts configured</li>}
        {alerts.data?.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="alert-row">
            <div>
              <p className="font-medium">
                {a.auction.car.year} {a.auction.car.make} {a.auction.car.model}
              </p>
              <p className="text-sm text-slate-600">
                {TYPE_LABELS[a.alertType]}: {describe(a)}
              </p>
              <p className="text-xs text-slate-500">
                <StandingLine auction={a.auction} />
                {a.lastTriggered && <> · last triggered {relativeTime(a.lastTriggered)}</>}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <Switch.Root
                checked={a.isActive}
                onCheckedChange={(isActive) => toggle.mutate({ id: a.id, isActive })}
                aria-label={a.isActive ? 'Turn alert off' : 'Turn alert on'}
                className="relative h-6 w-11 rounded-full bg-slate-300 data-[state=checked]:bg-emerald-500"
              >
                <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[22px]" />
              </Switch.Root>
              <Button onClick={() => remove.mutate(a.id)} variant="outline-danger" size="sm" aria-label="Delete alert">
                <Trash2 className="h-4 w-4" aria-hidden /> Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-6 rounded-lg bg-brand-50 p-4 text-sm">
        <p className="font-semibold">Smart Bidding Tips</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
          <li>Set price targets 10-15% below your budget.</li>
          <li>Use 5-minute alerts for competitive auctions.</li>
          <li>Turn on outbid alerts for cars you really want.</li>
          <li>Ending-soon alerts catch the last-minute action.</li>
        </ul>
      </div>
    </section>
  );
}
