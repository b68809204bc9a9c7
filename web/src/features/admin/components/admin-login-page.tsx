import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AdminLoginBodySchema } from '@app/shared';
import { ApiError, userMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { adminSecondFactor, adminSignIn } from '../api/admin-session';
import { Button, Field, Input } from '../../../components/ui';

export function AdminLoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(AdminLoginBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = formState;
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const signedIn = async () => {
    // A new identity in this browser: every answer (the header's session among them) is read again.
    await queryClient.invalidateQueries();
    toast({ title: 'Admin Login Successful', description: 'Welcome to the admin dashboard.' });
    void navigate('/admin');
  };

  const verify = async (e: React.FormEvent) => {
    e.preventDefault();
    setChecking(true);
    setCodeError(null);
    try {
      await adminSecondFactor(challenge!, code);
      await signedIn();
    } catch (err) {
      setCodeError(userMessage(err, 'Something went wrong. Please try again.'));
    } finally {
      setChecking(false);
    }
  };

  const submit = handleSubmit(async (body) => {
    try {
      const answer = await adminSignIn(body);
      if ('secondFactor' in answer) setChallenge(answer.secondFactor.challenge);
      else await signedIn();
    } catch (err) {
      const description =
        err instanceof ApiError
          ? (err.serverMessage ?? 'Invalid admin credentials')
          : 'Login failed. Please check your credentials and try again.';
      toast({ title: 'Login failed', description, variant: 'destructive' });
    }
  });

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Link to="/" className="text-sm text-brand-600">
        ← Back to home
      </Link>
      <h1 className="mt-4 text-2xl font-bold">Admin portal</h1>
      <p className="mt-1 text-sm font-semibold text-red-700">Super Admin Access Only</p>
      {challenge ? (
        <form onSubmit={(e) => void verify(e)} className="mt-6 space-y-4" noValidate>
          <p className="text-sm text-slate-600">
            Enter the 6-digit code from your authenticator app, or a recovery code.
          </p>
          <Field label="Authentication code" error={codeError ?? undefined}>
            <Input autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
          </Field>
          <Button type="submit" disabled={checking || code.trim() === ''} variant="dark" className="w-full">
            {checking ? 'Checking…' : 'Verify'}
          </Button>
        </form>
      ) : (
        <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
          <Field label="Email" error={errors.email}>
            <Input type="email" {...register('email')} />
          </Field>
          <Field label="Password" error={errors.password}>
            <Input type="password" {...register('password')} />
          </Field>
          <Button type="submit" disabled={isSubmitting} variant="dark" className="w-full">
            {isSubmitting ? 'Signing in…' : 'Sign in as admin'}
          </Button>
        </form>
      )}
    </div>
  );
}
