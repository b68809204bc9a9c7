import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS, type EmailSettings } from '@app/shared';
import { useMe } from '../../../shared/session';
import { toast } from '../../../lib/toast';
import { emailSettingsQueryKey, setEmailSetting, useEmailSettings } from '../api/notifications';
import { DigestSettingsForm } from './digest-settings';
import { PushSettings } from './push-settings';

/**
 * Which notices are also mailed (every kind is on until the user turns it off here or with a mail's link), web push on
 * this device, and the daily digest.
 */
export function NotificationSettingsPage() {
  const me = useMe();
  const signedIn = Boolean(me.data?.user);
  const settings = useEmailSettings(signedIn);
  const queryClient = useQueryClient();
  // The click's value, held in React state so the box follows it in the same render (the query cache notifies a tick
  // later, and a controlled checkbox would snap back in between); cleared once the server's answer is in the cache.
  const [pending, setPending] = useState<Partial<Record<(typeof NOTIFICATION_KINDS)[number], boolean>>>({});
  if (me.isSuccess && !signedIn) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Email notifications</h1>
        <p className="mt-2">
          Please{' '}
          <Link to="/login?next=%2Fsettings%2Fnotifications" className="text-brand-600 underline">
            sign in
          </Link>{' '}
          to change your notification settings.
        </p>
      </div>
    );
  }
  const toggle = async (kind: (typeof NOTIFICATION_KINDS)[number], email: boolean) => {
    setPending((p) => ({ ...p, [kind]: email }));
    try {
      queryClient.setQueryData<EmailSettings>(emailSettingsQueryKey, await setEmailSetting(kind, email));
    } catch (err) {
      void queryClient.invalidateQueries({ queryKey: emailSettingsQueryKey });
      toast({
        title: 'Could not save',
        description: err instanceof Error ? err.message : String(err),
        variant: 'destructive',
      });
    } finally {
      setPending((p) => {
        if (p[kind] !== email) return p; // a later click on the same box is still in flight
        const rest = { ...p };
        delete rest[kind];
        return rest;
      });
    }
  };
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-bold">Email notifications</h1>
      <p className="mt-1 text-sm text-slate-600">
        Every notice is in the bell's list; choose which ones are also sent to your email.
      </p>
      <ul className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {NOTIFICATION_KINDS.map((kind) => (
          <li key={kind} className="flex items-center justify-between px-4 py-3">
            <label htmlFor={`email-${kind}`} className="text-sm">
              {NOTIFICATION_KIND_LABELS[kind]}
            </label>
            <input
              id={`email-${kind}`}
              type="checkbox"
              className="h-4 w-4"
              disabled={!settings.data}
              checked={pending[kind] ?? settings.data?.email[kind] ?? true}
              onChange={(e) => void toggle(kind, e.target.checked)}
              data-testid={`email-setting-${kind}`}
            />
          </li>
        ))}
      </ul>
      <PushSettings />
      <DigestSettingsForm enabled={signedIn} />
    </div>
  );
}
