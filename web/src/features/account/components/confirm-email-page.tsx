import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { userMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { setSessionUser } from '../../../shared/session';
import { confirmSignUp } from '../api/sign-up';
import { Button } from '../../../components/ui';

/**
 * Where the sign-up mail's link leads. The account is made on a click, not on opening the page: mail scanners that
 * open every link must not create accounts or sessions.
 */
export function ConfirmEmailPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    try {
      const user = await confirmSignUp(token);
      await setSessionUser(queryClient, user);
      toast({ title: `Welcome, ${user.name}!`, description: 'Your account is ready.' });
      void navigate('/dashboard');
    } catch (err) {
      setError(userMessage(err, 'Something went wrong. Please try again.'));
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center" data-testid="confirm-email">
      {error === null ? (
        <>
          <h1 className="text-2xl font-bold">Confirm your email</h1>
          <p className="mt-2 text-slate-600">One click and your CarBid account is ready.</p>
          <Button onClick={() => void confirm()} disabled={busy} variant="primary" size="lg" className="mt-6">
            {busy ? 'Confirming…' : 'Confirm my email'}
          </Button>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold">This link did not work</h1>
          <p className="mt-2 text-slate-600">{error}</p>
          <p className="mt-6 text-sm">
            <Link to="/login" className="font-semibold text-brand-600">
              Sign in
            </Link>{' '}
            or{' '}
            <Link to="/register" className="font-semibold text-brand-600">
              sign up again
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
