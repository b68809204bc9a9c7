import { useState } from 'react';
import type { SessionUser } from '@app/shared';
import { userMessage } from '../../../lib/api-client';
import { completeSecondFactor } from '../api/account';
import { Button, Field, Input } from '../../../components/ui';

/** The step after a right password when the account has two-factor authentication on. */
export function SecondFactorForm({
  challenge,
  onSignedIn,
}: {
  challenge: string;
  onSignedIn(user: SessionUser): void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await completeSecondFactor(challenge, code);
      if ('user' in answer) onSignedIn(answer.user);
    } catch (err) {
      setError(userMessage(err, 'Something went wrong. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="mt-6 space-y-4" noValidate data-testid="second-factor">
      <p className="text-sm text-slate-600">
        Enter the 6-digit code from your authenticator app, or one of your recovery codes.
      </p>
      <Field label="Authentication code" error={error ?? undefined}>
        <Input autoComplete="one-time-code" inputMode="text" value={code} onChange={(e) => setCode(e.target.value)} />
      </Field>
      <Button type="submit" disabled={busy || code.trim() === ''} variant="primary" className="w-full">
        {busy ? 'Checking…' : 'Verify'}
      </Button>
    </form>
  );
}
