import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  NewPasswordSchema,
  RESET_DONE,
  RESET_LINK_EXPIRED,
  RESET_LINK_INVALID,
  RESET_LINK_USED,
  type SessionUser,
} from '@app/shared';
import { userMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { setSessionUser } from '../../../shared/session';
import { resetPassword } from '../api/account';
import { Button, Field, Input } from '../../../components/ui';
import { SecondFactorForm } from './second-factor-form';

const LINK_REFUSALS = new Set<string>([RESET_LINK_INVALID, RESET_LINK_USED, RESET_LINK_EXPIRED]);

/**
 * Where the reset mail's link leads. The password is set on submit, not on opening the page: mail scanners that open
 * every link must not use it up.
 */
export function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const signedIn = async (user: SessionUser) => {
    await setSessionUser(queryClient, user);
    toast({ title: `Welcome back, ${user.name}!`, description: RESET_DONE });
    void navigate('/dashboard');
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = NewPasswordSchema.safeParse(password);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Choose another password');
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const answer = await resetPassword(token, password);
      if ('user' in answer) await signedIn(answer.user);
      else setChallenge(answer.secondFactor.challenge);
    } catch (err) {
      const message = userMessage(err, 'Something went wrong. Please try again.');
      // A refusal of the link itself ends the form; a refusal of the password lets the member choose again.
      if (LINK_REFUSALS.has(message)) setLinkError(message);
      else setFieldError(message);
    } finally {
      setBusy(false);
    }
  };

  if (linkError)
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center" data-testid="reset-password">
        <h1 className="text-2xl font-bold">This link did not work</h1>
        <p className="mt-2 text-slate-600" role="alert">
          {linkError}
        </p>
        <p className="mt-6 text-sm">
          <Link to="/forgot-password" className="font-semibold text-brand-600">
            Get a new link
          </Link>
        </p>
      </div>
    );

  return (
    <div className="mx-auto max-w-md px-4 py-16" data-testid="reset-password">
      <h1 className="text-2xl font-bold">Choose a new password</h1>
      {challenge ? (
        <>
          <p className="mt-2 text-sm text-slate-600">{RESET_DONE}</p>
          <SecondFactorForm challenge={challenge} onSignedIn={(u) => void signedIn(u)} />
        </>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="mt-6 space-y-4" noValidate>
          <Field label="New password (at least 8 characters)" error={fieldError ?? undefined}>
            <Input
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <p className="text-sm text-slate-600">Every session of your account will be signed out.</p>
          <Button type="submit" disabled={busy} variant="primary" className="w-full">
            {busy ? 'Saving…' : 'Set new password'}
          </Button>
        </form>
      )}
    </div>
  );
}
