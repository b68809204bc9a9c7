import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { userMessage } from '../../../lib/api-client';
import { meQueryKey } from '../../../shared/session';
import { confirmEmailChange } from '../api/account';
import { Button } from '../../../components/ui';

/** Where the e-mail change link leads; the address changes on the click (mail scanners open links too). */
export function ConfirmEmailChangePage() {
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    try {
      const user = await confirmEmailChange(token);
      setDone(user.email);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    } catch (err) {
      setError(userMessage(err, 'Something went wrong. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center" data-testid="confirm-email-change">
      {done ? (
        <>
          <h1 className="text-2xl font-bold">Your email address is changed</h1>
          <p className="mt-2 text-slate-600" role="status">
            Your account now uses <strong>{done}</strong>.
          </p>
          <p className="mt-6 text-sm">
            <Link to="/account" className="font-semibold text-brand-600">
              Your account
            </Link>
          </p>
        </>
      ) : error ? (
        <>
          <h1 className="text-2xl font-bold">This link did not work</h1>
          <p className="mt-2 text-slate-600" role="alert">
            {error}
          </p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold">Confirm your new email address</h1>
          <Button onClick={() => void confirm()} disabled={busy} variant="primary" size="lg" className="mt-6">
            {busy ? 'Confirming…' : 'Confirm my new address'}
          </Button>
        </>
      )}
    </div>
  );
}
