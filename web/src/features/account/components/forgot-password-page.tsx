import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordBodySchema } from '@app/shared';
import { userMessage } from '../../../lib/api-client';
import { forgotPassword } from '../api/account';
import { Button, Field, Input } from '../../../components/ui';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ForgotPasswordBodySchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      setSent(await forgotPassword(email));
    } catch (err) {
      setError(userMessage(err, 'Something went wrong. Please try again.'));
    }
  });

  return (
    <div className="mx-auto max-w-md px-4 py-16" data-testid="forgot-password">
      <h1 className="text-2xl font-bold">Forgot your password?</h1>
      {sent ? (
        <>
          <p className="mt-4 text-slate-700" role="status">
            {sent}
          </p>
          <p className="mt-4 text-sm text-slate-600">
            Nothing arrived? Look in your spam folder, or{' '}
            <Button variant="link" onClick={() => setSent(null)}>
              ask again
            </Button>
            .
          </p>
        </>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-600">
            Enter your account&apos;s email address and we will mail you a link to choose a new password.
          </p>
          <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
            <Field label="Email" error={errors.email ?? error ?? undefined}>
              <Input type="email" autoComplete="email" {...register('email')} />
            </Field>
            <Button type="submit" disabled={isSubmitting} variant="primary" className="w-full">
              {isSubmitting ? 'Sending…' : 'Send reset link'}
            </Button>
          </form>
        </>
      )}
      <p className="mt-6 text-sm">
        <Link to="/login" className="font-semibold text-brand-600">
          Back to sign in
        </Link>
      </p>
    </div>
  );
}
