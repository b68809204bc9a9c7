import { useState, type HTMLInputTypeAttribute } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { RegisterBodySchema } from '@app/shared';
import { userMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { signUp } from '../api/sign-up';
import { Button, Field, Input } from '../../../components/ui';

const FIELDS: { name: 'name' | 'email' | 'password'; label: string; type: HTMLInputTypeAttribute }[] = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'password', label: 'Password (at least 8 characters)', type: 'password' },
];

export function RegisterPage() {
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(RegisterBodySchema),
    defaultValues: { name: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (body) => {
    try {
      setSent({ email: body.email, message: await signUp(body) });
    } catch (err) {
      toast({ title: 'Sign-up failed', description: userMessage(err, 'Please try again.'), variant: 'destructive' });
    }
  });

  if (sent) {
    return (
      <div className="mx-auto max-w-md px-4 py-16" data-testid="sign-up-sent">
        <h1 className="text-2xl font-bold">Check your email</h1>
        <p className="mt-4 text-slate-700">{sent.message}</p>
        <p className="mt-2 text-slate-700">
          We wrote to <strong>{sent.email}</strong>. Open the link in that mail to finish creating your account; if this
          address already has an account, the mail says so instead.
        </p>
        <p className="mt-4 text-sm text-slate-600">
          Nothing arrived? Look in your spam folder, or{' '}
          <Button variant="link" onClick={() => setSent(null)}>
            sign up again
          </Button>
          .
        </p>
        <p className="mt-4 text-sm">
          Already registered?{' '}
          <Link to="/login" className="font-semibold text-brand-600">
            Sign in
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold">Create your account</h1>
      <p className="mt-2 text-sm text-slate-600">
        We will email you a link to confirm your address before the account is made.
      </p>
      <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
        {FIELDS.map((f) => (
          <Field key={f.name} label={f.label} error={errors[f.name]}>
            <Input type={f.type} {...register(f.name)} />
          </Field>
        ))}
        <Button type="submit" disabled={isSubmitting} variant="primary" className="w-full">
          {isSubmitting ? 'Sending…' : 'Sign up'}
        </Button>
      </form>
      <p className="mt-4 text-sm">
        Already registered?{' '}
        <Link to="/login" className="font-semibold text-brand-600">
          Sign in
        </Link>
      </p>
    </div>
  );
}
