import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { EmailChangeBodySchema } from '@app/shared';
import { userMessage } from '../../../lib/api-client';
import { accountSecurityKey, requestEmailChange } from '../api/account';
import { Button, Field, Input } from '../../../components/ui';

/** The address changes only when the link mailed to the new one is opened; the old one is told. */
export function EmailChangeSection({ email, pendingEmail }: { email: string; pendingEmail: string | null }) {
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm({
    resolver: zodResolver(EmailChangeBodySchema),
    defaultValues: { newEmail: '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (body) => {
    setError(null);
    try {
      setSent(await requestEmailChange(body));
      reset();
      await queryClient.invalidateQueries({ queryKey: accountSecurityKey });
    } catch (err) {
      setError(userMessage(err, 'Something went wrong. Please try again.'));
    }
  });

  return (
    <section className="mt-8 rounded-xl border border-slate-200 p-5" aria-labelledby="email-heading">
      <h2 id="email-heading" className="text-xl font-semibold">
        Email address
      </h2>
      <p className="mt-1 text-slate-700" data-testid="account-email">
        {email}
      </p>
      {pendingEmail && (
        <p className="mt-1 text-sm text-slate-600">
          Waiting for confirmation at <strong>{pendingEmail}</strong>.
        </p>
      )}
      {sent && (
        <p className="mt-2 text-sm text-green-700" role="status">
          {sent}
        </p>
      )}
      <form onSubmit={submit} className="mt-4 space-y-3" noValidate>
        <Field label="New email" error={errors.newEmail}>
          <Input type="email" autoComplete="email" {...register('newEmail')} />
        </Field>
        <Field label="Current password" error={errors.password ?? error ?? undefined}>
          <Input type="password" autoComplete="current-password" {...register('password')} />
        </Field>
        <Button type="submit" disabled={isSubmitting} variant="primary">
          {isSubmitting ? 'Sending…' : 'Change email'}
        </Button>
      </form>
    </section>
  );
}
