import { useState, type HTMLInputTypeAttribute } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { RegisterBodySchema } from '@app/shared';
import { userMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { signUp } from '../api/sign-up';

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
          <button type="button" className="font-semibold text-brand-600" onClick={() => setSent(null)}>
            sign up again
          </button>
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
          <label key={f.name} className="block">
            <span className="text-sm font-medium">{f.label}</span>
            <input
              type={f.type}
              {...register(f.name)}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
            />
            {errors[f.name] && <span className="mt-1 block text-sm text-red-600">{errors[f.name]?.message}</span>}
          </label>
        ))}
        <button
          type="submit"
          disabled={isSubmitting}
          className="w-full rounded-lg bg-brand-600 py-2.5 font-semibold text-white disabled:opacity-50"
        >
          {isSubmitting ? 'Sending…' : 'Sign up'}
        </button>
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
