import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Switch } from 'radix-ui';
import { Bell, Trash2 } from 'lucide-react';
import {
  ALERT_DEFAULT_TIME_THRESHOLD,
  ALERT_TIME_THRESHOLDS,
  ALERT_TYPES,
  formatMoney,
  relativeTime,
  type Auction,
  type BidAlert,
} from '@app/shared';
import { apiRequest } from '../lib/api-client';
import { toast } from '../stores/toast';
import { Countdown } from './countdown';

const KEY = ['/api/bid-alerts'];
const TYPE_LABELS: Record<BidAlert['alertType'], string> = {
  outbid: 'Outbid',
  priceTarget: 'Price target',
  timeRemaining: 'Time remaining',
  endingSoon: 'Ending soon',
};

function describe(a: BidAlert): string {
  switch (a.alertType) {
    case 'priceTarget':
      return `When the bid reaches ${formatMoney(a.settings.priceTarget ?? '0')}`;
    case 'timeRemaining':
      return `${a.settings.timeThreshold} minutes before the end`;
    case 'endingSoon':
      return 'In the last 5 minutes';
    case 'outbid':
      return 'When someone outbids you';
  }
}

function NewAlertForm({ onDone }: { onDone: () => void }) {
  const auctions = useQuery<Auction[]>({ queryKey: ['/api/auctions'] });
  const queryClient = useQueryClient();
  const [auctionId, setAuctionId] = useState('');
  const [alertType, setAlertType] = useState<BidAlert['alertType'] | ''>('');
  const [priceTarget, setPriceTarget] = useState('');
  const [timeThreshold, setTimeThreshold] = useState(String(ALERT_DEFAULT_TIME_THRESHOLD));
  const create = useMutation({
    mutationFn: () =>
      apiRequest('POST', '/api/bid-alerts', {
        auctionId: Number(auctionId),
        alertType,
        settings: {
          emailEnabled: true,
          pushEnabled: true,
          smsEnabled: false,
          timeThreshold: parseInt(timeThreshold, 10),
          ...(alertType === 'priceTarget' ? { priceTarget: priceTarget.trim() } : {}),
        },
      }),
    onSuccess: () => {
      toast({ title: 'Alert Created' });
      void queryClient.invalidateQueries({ queryKey: KEY });
      onDone();
    },
    onError: () => toast({ title: 'Failed to create alert', variant: 'destructive' }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!auctionId || !alertType) return;
    create.mutate();
  };
  return (
    <form onSubmit={submit} className="mt-4 grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-2" data-testid="new-alert-form">
      <label className="text-sm">
        Auction
        <select required value={auctionId} onChange={(e) => setAuctionId(e.target.value)} className="mt-1 w-full rounded border px-2 py-2" data-testid="alert-auction">
          <option value="">Choose an auction</option>
          {auctions.data?.map((a) => (
            <option key={a.id} value={a.id}>{a.car.year} {a.car.make} {a.car.model}</option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        Alert type
        <select required value={alertType} onChange={(e) => setAlertType(e.target.value as BidAlert['alertType'])} className="mt-1 w-full rounded border px-2 py-2" data-testid="alert-type">
          <option value="">Choose a type</option>
          {ALERT_TYPES.map((t) => <option key={t} value={t}>{TYPE_LABELS[t]}</option>)}
        </select>
      </label>
      {alertType === 'priceTarget' && (
        <label className="text-sm">
          Target price ($)
          <input required type="number" step="0.01" min="0" value={priceTarget} onChange={(e) => setPriceTarget(e.target.value)} className="mt-1 w-full rounded border px-2 py-2" data-testid="alert-price" />
        </label>
      )}
      {alertType === 'timeRemaining' && (
        <label className="text-sm">
          Minutes before end
          <select value={timeThreshold} onChange={(e) => setTimeThreshold(e.target.value)} className="mt-1 w-full rounded border px-2 py-2">
            {ALERT_TIME_THRESHOLDS.map((m) => <option key={m} value={m}>{m} minutes</option>)}
          </select>
        </label>
      )}
      <div className="flex items-end gap-2 sm:col-span-2">
        <button type="submit" disabled={!auctionId || !alertType || create.isPending} className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white disabled:opacity-50" data-testid="alert-create">
          {create.isPending ? 'Creating…' : 'Create Alert'}
        </button>
        <button type="button" onClick={onDone} className="rounded-lg border px-4 py-2">Cancel</button>
      </div>
    </form>
  );
}

export function BidAlertsPanel() {
  const alerts = useQuery<BidAlert[]>({ queryKey: KEY });
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const toggle = useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => apiRequest('PATCH', `/api/bid-alerts/${id}`, { isActive }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEY }),
    onError: () => toast({ title: 'Failed to update alert', variant: 'destructive' }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/bid-alerts/${id}`),
    onSuccess: () => {
      toast({ title: 'Alert Deleted' });
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: () => toast({ title: 'Failed to delete alert', variant: 'destructive' }),
  });
  const active = alerts.data?.filter((a) => a.isActive).length ?? 0;
  return (
    <section className="rounded-xl border bg-white p-6" aria-labelledby="bid-alerts-title">
      <div className="flex items-center justify-between">
        <div>
          <h2 id="bid-alerts-title" className="flex items-center gap-2 text-xl font-semibold"><Bell className="h-5 w-5" aria-hidden /> Bid alerts</h2>
          <p className="text-sm text-slate-500" data-testid="active-alert-count">{active} active</p>
        </div>
        {!creating && (
          <button onClick={() => setCreating(true)} className="rounded-lg bg-slate-900 px-3 py-2 text-sm font-semibold text-white" data-testid="new-alert">New Alert</button>
        )}
      </div>
      {creating && <NewAlertForm onDone={() => setCreating(false)} />}
      <ul className="mt-4 divide-y">
        {alerts.isLoading && <li className="py-3 text-slate-500">Loading alerts...</li>}
        {alerts.data?.length === 0 && <li className="py-3 text-slate-500">No alerts configured</li>}
        {alerts.data?.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="alert-row">
            <div>
              <p className="font-medium">{a.auction.car.year} {a.auction.car.make} {a.auction.car.model}</p>
              <p className="text-sm text-slate-600">{TYPE_LABELS[a.alertType]}: {describe(a)}</p>
              <p className="text-xs text-slate-500">
                Current bid {formatMoney(a.auction.currentBid)} · <Countdown endTime={a.auction.endTime} className="text-xs" /> left
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
              <button onClick={() => remove.mutate(a.id)} className="flex items-center gap-1 rounded border px-2 py-1 text-sm text-red-700" aria-label="Delete alert">
                <Trash2 className="h-4 w-4" aria-hidden /> Delete
              </button>
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
