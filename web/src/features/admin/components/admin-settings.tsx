import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_AUCTION_DURATIONS_DAYS,
  ADMIN_COMMISSION_RATES_PCT,
  FEATURE_TOGGLES,
  type FeatureToggle,
  type UpdateMarketplaceSettingsBody,
} from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { marketplaceSettingsQueryKey } from '../../../shared/config';
import { adminSettingsQueryKey, updateAdminSettings, useAdminSettings } from '../api/admin-settings';
import { Field, Select } from '../../../components/ui';

const FEATURE_LABELS: Record<FeatureToggle, string> = {
  aiValuation: 'AI valuation',
  buyItNow: 'Buy It Now',
  tradeIn: 'Trade-in evaluation',
  premiumListings: 'Premium listings (beta)',
};

/** Stored on the server and audited; the server enforces them (Buy It Now off is refused, not only hidden). */
export function AdminSettings() {
  const queryClient = useQueryClient();
  const settings = useAdminSettings();
  const save = useMutation({
    mutationFn: (body: UpdateMarketplaceSettingsBody) => updateAdminSettings(body),
    onSuccess: (data) => {
      queryClient.setQueryData(adminSettingsQueryKey, data);
      void queryClient.invalidateQueries({ queryKey: marketplaceSettingsQueryKey });
      toast({ title: 'Settings saved' });
    },
    onError: (err) =>
      toast({
        title: 'Could not save the settings',
        description: err instanceof ApiError ? err.serverMessage : undefined,
        variant: 'destructive',
      }),
  });
  if (!settings.data) return <p className="text-slate-500">Loading settings…</p>;
  const { settings: s, audit } = settings.data;
  return (
    <div className="space-y-4 text-sm">
      <Field
        label="Default auction duration"
        hint="For auctions approved from now on whose seller left the duration to the marketplace."
        className="max-w-xs"
      >
        <Select
          value={s.defaultDurationDays}
          onChange={(e) => save.mutate({ defaultDurationDays: Number(e.target.value) })}
        >
          {ADMIN_AUCTION_DURATIONS_DAYS.map((d) => (
            <option key={d} value={d}>
              {d} days
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Commission rate" className="max-w-xs">
        <Select
          value={s.commissionRatePct}
          onChange={(e) => save.mutate({ commissionRatePct: Number(e.target.value) })}
        >
          {ADMIN_COMMISSION_RATES_PCT.map((c) => (
            <option key={c} value={c}>
              {c}%
            </option>
          ))}
        </Select>
      </Field>
      <fieldset className="space-y-2">
        <legend className="font-semibold">Features</legend>
        {FEATURE_TOGGLES.map((f) => (
          <label key={f} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={s.features[f]}
              disabled={save.isPending}
              data-testid={`feature-${f}`}
              onChange={(e) => save.mutate({ features: { [f]: e.target.checked } })}
            />
            {FEATURE_LABELS[f]}
          </label>
        ))}
      </fieldset>
      <div>
        <h3 className="font-semibold">Changes</h3>
        {audit.length === 0 && <p className="text-slate-500">No changes yet.</p>}
        <ul className="mt-2 space-y-1 text-slate-700" data-testid="settings-audit">
          {audit.map((a) => (
            <li key={a.id}>
              {new Date(a.at).toLocaleString()} · {a.adminName ?? 'a removed admin'} · {a.action} {a.subject}{' '}
              {JSON.stringify(a.details)}
            </li>
          ))}
        </ul>
      </div>
      <p>
        <a href="/admin/queues" className="text-brand-600 underline">
          Queue dashboard
        </a>
      </p>
    </div>
  );
}
