import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { userMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { accountSecurityKey, beginTotpSetup, disableTotp, enableTotp } from '../api/account';
import { Button, Field, Input } from '../../../components/ui';

type Step = { kind: 'idle' } | { kind: 'setup'; secret: string; uri: string } | { kind: 'codes'; codes: string[] };

/** Two-factor authentication with an authenticator app: set up with its key and first code; recovery codes once. */
export function TwoFactorSection({ on, recoveryCodesLeft }: { on: boolean; recoveryCodesLeft: number }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
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
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountSecurityKey });

  const start = () =>
    run(async () => {
      const s = await beginTotpSetup();
      setCode('');
      setStep({ kind: 'setup', ...s });
    });
  const confirm = (e: React.FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const codes = await enableTotp(code);
      setCode('');
      setStep({ kind: 'codes', codes });
      await refresh();
    });
  };
  const turnOff = (e: React.FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await disableTotp(code);
      setCode('');
      toast({ title: 'Two-factor authentication is off' });
      await refresh();
    });
  };

  const codeField = (
    <Field label="Authentication code" error={error ?? undefined}>
      <Input autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
    </Field>
  );

  return (
    <section
      className="mt-8 rounded-xl border border-slate-200 p-5"
      aria-labelledby="two-factor-heading"
      data-testid="two-factor"
    >
      <h2 id="two-factor-heading" className="text-xl font-semibold">
        Two-factor authentication
      </h2>
      {step.kind === 'codes' ? (
        <div className="mt-3">
          <p className="font-medium text-green-700" role="status">
            Two-factor authentication is on.
          </p>
          <p className="mt-2 text-sm text-slate-700">
            Keep these recovery codes somewhere safe. Each works once if you lose your phone; they are shown only now.
          </p>
          <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm" data-testid="recovery-codes">
            {step.codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <Button className="mt-4" variant="primary" onClick={() => setStep({ kind: 'idle' })}>
            I have saved them
          </Button>
        </div>
      ) : on ? (
        <form onSubmit={turnOff} className="mt-3 space-y-3" noValidate>
          <p className="text-slate-700">
            On. {recoveryCodesLeft} recovery {recoveryCodesLeft === 1 ? 'code' : 'codes'} left.
          </p>
          {codeField}
          <Button type="submit" disabled={busy || code.trim() === ''} variant="outline">
            {busy ? 'Turning off…' : 'Turn off'}
          </Button>
        </form>
      ) : step.kind === 'setup' ? (
        <form onSubmit={confirm} className="mt-3 space-y-3" noValidate>
          <p className="text-sm text-slate-700">
            Add this key to your authenticator app: open{' '}
            <a href={step.uri} className="font-semibold text-brand-600">
              this link
            </a>{' '}
            on your phone, or type the key in by hand. Then enter the 6-digit code it shows.
          </p>
          <p className="break-all rounded bg-slate-50 p-2 font-mono text-sm" data-testid="totp-key">
            {step.secret}
          </p>
          {codeField}
          <Button type="submit" disabled={busy || code.trim() === ''} variant="primary">
            {busy ? 'Checking…' : 'Turn on'}
          </Button>
        </form>
      ) : (
        <div className="mt-3">
          <p className="text-slate-700">
            Off. With it on, signing in asks for a code from an authenticator app after your password.
          </p>
          {error && (
            <p className="mt-2 text-sm text-red-700" role="alert">
              {error}
            </p>
          )}
          <Button className="mt-3" variant="primary" disabled={busy} onClick={() => void start()}>
            {busy ? 'Starting…' : 'Set up two-factor authentication'}
          </Button>
        </div>
      )}
    </section>
  );
}
