import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { userMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { setSessionUser } from '../../../shared/session';
import { SIGN_UP_PASSWORD_WRONG } from '@app/shared';
import { confirmSignUp } from '../api/sign-up';
import { Button, Field, Input } from '../../../components/ui';

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
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const confirm = async (e: React.FormEvent) => {
    e.preventDefault();
    if (password === '') {
      setPasswordError('Enter the password you chose when signing up');
      return;
    }
    setBusy(true);
    setPasswordError(null);
    try {
      const user = await confirmSignUp(token, password);
      await setSessionUser(queryClient, user);
      toast({ title: `Welcome, ${user.name}!`, description: 'Your account is ready.' });
      void navigate('/dashboard');
    } catch (err) {
      const message = userMessage(err, 'Something went wrong. Please try again.');
      // A wrong password leaves the link usable (a few times): the member may type it again.
      if (message === SIGN_UP_PASSWORD_WRONG) setPasswordError(message);
      else setError(message);
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center" data-testid="confirm-email">
      {error === null ? (
        <>
          <h1 className="text-2xl font-bold">Confirm your email</h1>
          <p className="mt-2 text-slate-600">
            Enter the password you chose when signing up, and your CarBid account is ready.
          </p>
          <form onSubmit={(e) => void confirm(e)} className="mt-6 space-y-4 text-left" noValidate>
            <Field label="Password" error={passwordError ?? undefined}>
              <Input
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Field>
            <Button type="submit" disabled={busy} variant="primary" size="lg" className="w-full">
              {busy ? 'Confirming…' : 'Confirm my email'}
            </Button>
          </form>
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
