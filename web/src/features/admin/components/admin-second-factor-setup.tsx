import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_SECOND_FACTOR_REQUIRED } from '@app/shared';
import { userMessage } from '../../../lib/api-client';
import { adminSessionQueryKey, adminTotpEnable, adminTotpSetup } from '../api/admin-session';
import { Button, Field, Input } from '../../../components/ui';

/** Where an admin without two-factor authentication lands: the portal opens once it is on. */
export function AdminSecondFactorSetup() {
  const queryClient = useQueryClient();
  const [key, setKey] = useState<{ secret: string; uri: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(userMessage(err, 'Something went wrong. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-xl px-4 py-10" data-testid="admin-second-factor">
      <h1 className="text-2xl font-bold">Set up two-factor authentication</h1>
      <p className="mt-2 text-slate-700">{ADMIN_SECOND_FACTOR_REQUIRED}</p>
      {codes ? (
        <div className="mt-4">
          <p className="font-medium text-green-700" role="status">
            Two-factor authentication is on.
          </p>
          <p className="mt-2 text-sm text-slate-700">
            Keep these recovery codes somewhere safe. Each works once; they are shown only now.
          </p>
          <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm" data-testid="recovery-codes">
            {codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <Button
            className="mt-4"
            variant="dark"
            onClick={() => void queryClient.invalidateQueries({ queryKey: adminSessionQueryKey })}
          >
            Open the admin portal
          </Button>
        </div>
      ) : key ? (
        <form
          className="mt-4 space-y-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void run(async () => setCodes(await adminTotpEnable(code)));
          }}
        >
          <p className="text-sm text-slate-700">
            Add this key to your authenticator app (open{' '}
            <a href={key.uri} className="font-semibold text-brand-600">
              this link
            </a>{' '}
            on your phone, or type it in), then enter the 6-digit code it shows.
          </p>
          <p className="break-all rounded bg-slate-50 p-2 font-mono text-sm" data-testid="totp-key">
            {key.secret}
          </p>
          <Field label="Authentication code" error={error ?? undefined}>
            <Input autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
          </Field>
          <Button type="submit" variant="dark" disabled={busy || code.trim() === ''}>
            {busy ? 'Checking…' : 'Turn on'}
          </Button>
        </form>
      ) : (
        <div className="mt-4">
          {error && (
            <p className="text-sm text-red-700" role="alert">
              {error}
            </p>
          )}
          <Button variant="dark" disabled={busy} onClick={() => void run(async () => setKey(await adminTotpSetup()))}>
            {busy ? 'Starting…' : 'Set up two-factor authentication'}
          </Button>
        </div>
      )}
    </div>
  );
}
