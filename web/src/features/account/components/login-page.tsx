import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEMO_USER, LoginBodySchema, type SessionUser } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { setSessionUser } from '../../../shared/session';
import { signIn } from '../api/sign-in';
import { Button, Field, Input } from '../../../components/ui';
import { SecondFactorForm } from './second-factor-form';

/** Only same-site paths are followed after sign-in. */
export const safeNext = (next: string | null, fallback: string) =>
  next && next.startsWith('/') && !next.startsWith('//') ? next : fallback;

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(LoginBodySchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const { errors, isSubmitting } = formState;
  const [challenge, setChallenge] = useState<string | null>(null);

  const signedIn = async (user: SessionUser) => {
    await setSessionUser(queryClient, user);
    toast({ title: `Login successful! Welcome back, ${user.name}!` });
    void navigate(safeNext(params.get('next'), '/dashboard'));
  };

  const submit = handleSubmit(async (body) => {
    try {
      const answer = await signIn(body);
      if ('user' in answer) await signedIn(answer.user);
      else setChallenge(answer.secondFactor.challenge);
    } catch (err) {
      const message = err instanceof ApiError ? err.serverMessage : undefined;
      toast({
        title: 'Login failed',
        description: message ?? 'Invalid credentials. Please try again.',
        variant: 'destructive',
      });
    }
  });

  return (
    <div className="flex min-h-screen items-center justify-center bg-gradient-to-br from-ink to-brand-700 px-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-2xl">
        <Link to="/" className="text-sm text-brand-600">
          ← CarBid home
        </Link>
        <h1 className="mt-4 text-2xl font-bold">Sign in</h1>
        {challenge ? (
          <SecondFactorForm challenge={challenge} onSignedIn={(u) => void signedIn(u)} />
        ) : (
          <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
            <Field label="Email" error={errors.email}>
              <Input type="email" autoComplete="email" {...register('email')} />
            </Field>
            <Field label="Password" error={errors.password}>
              <Input type="password" autoComplete="current-password" {...register('password')} />
            </Field>
            <div className="flex items-center justify-between text-sm">
              <label className="flex items-center gap-2">
                <input type="checkbox" {...register('rememberMe')} /> Remember me
              </label>
              <Link to="/forgot-password" className="text-brand-600">
                Forgot password?
              </Link>
            </div>
            <Button type="submit" disabled={isSubmitting} variant="primary" className="w-full">
              {isSubmitting ? 'Signing in…' : 'Sign in'}
            </Button>
          </form>
        )}
        <p className="mt-4 text-center text-sm">
          No account?{' '}
          <Link to="/register" className="font-semibold text-brand-600">
            Sign up
          </Link>
        </p>
        <div className="mt-6 rounded-lg bg-slate-50 p-3 text-sm text-slate-600" data-testid="demo-hint">
          <p className="font-semibold">Demo credentials</p>
          <p>
            Email: <code>{DEMO_USER.email}</code>
          </p>
          <p>
            Password: <code>{DEMO_USER.password}</code>
          </p>
        </div>
      </div>
    </div>
  );
}
