import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { DigestSettingsSchema, type DigestSettings } from '@app/shared';
import { Button, Field, Input, Select } from '../../../components/ui';
import { userMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { digestSettingsQueryKey, saveDigestSettings, useDigestSettings } from '../api/push-digest';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The daily digest: on or off, the hour it comes and the time zone that hour is in (the browser's by default). */
export function DigestSettingsForm({ enabled }: { enabled: boolean }) {
  const settings = useDigestSettings(enabled);
  const queryClient = useQueryClient();
  const { register, handleSubmit, reset, formState } = useForm<DigestSettings>({
    resolver: zodResolver(DigestSettingsSchema),
    defaultValues: { enabled: false, hour: 8, timeZone: browserTimeZone() },
  });
  useEffect(() => {
    // A member who never turned it on is offered their browser's time zone rather than UTC.
    if (settings.data) reset(settings.data.enabled ? settings.data : { ...settings.data, timeZone: browserTimeZone() });
  }, [settings.data, reset]);
  const submit = handleSubmit(async (values) => {
    try {
      queryClient.setQueryData(digestSettingsQueryKey, await saveDigestSettings(values));
      toast({ title: values.enabled ? 'Daily digest saved' : 'Daily digest turned off' });
    } catch (err) {
      toast({ title: 'Could not save', description: userMessage(err, 'Please try again.'), variant: 'destructive' });
    }
  });
  const { errors, isSubmitting } = formState;
  return (
    <section className="mt-10" aria-labelledby="digest-heading">
      <h2 id="digest-heading" className="text-lg font-semibold">
        Daily digest
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        One mail a day with the auctions ending in the next 24 hours: those on your watchlist and the most watched.
      </p>
      <form onSubmit={(e) => void submit(e)} className="mt-3 space-y-3" data-testid="digest-form">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4" disabled={!settings.data} {...register('enabled')} />
          Send me the daily digest
        </label>
        <div className="grid grid-cols-2 gap-3">
          <Field label="At" error={errors.hour}>
            <Select {...register('hour', { valueAsNumber: true })}>
              {HOURS.map((h) => (
                <option key={h} value={h}>
                  {`${String(h).padStart(2, '0')}:00`}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Time zone" error={errors.timeZone} hint="The hour is in this time zone (IANA name, e.g. UTC)">
            <Input {...register('timeZone')} />
          </Field>
        </div>
        <Button type="submit" size="sm" disabled={!settings.data || isSubmitting}>
          Save digest
        </Button>
      </form>
    </section>
  );
}
