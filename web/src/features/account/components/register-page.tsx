import type { HTMLInputTypeAttribute } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { RegisterBodySchema } from '@app/shared';
import { userMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { setSessionUser } from '../api/get-me';
import { signUp } from '../api/sign-up';

const FIELDS: { name: 'name' | 'email' | 'password'; label: string; type: HTMLInputTypeAttribute }[] = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'password', label: 'Password (at least 8 characters)', type: 'password' },
];

export function RegisterPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(RegisterBodySchema),
    defaultValues: { name: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (body) => {
    try {
      const user = await signUp(body);
      setSessionUser(queryClient, user);
      toast({ title: `Welcome, ${user.name}!`, description: 'Your account is ready.' });
      void navigate('/dashboard');
    } catch (err) {
      toast({ title: 'Sign-up failed', description: userMessage(err, 'Please try again.'), variant: 'destructive' });
    }
  });

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold">Create your account</h1>
      <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
        {FIELDS.map((f) => (
          <label key={f.name} className="block">
            <span className="text-sm font-medium">{f.label}</span>
            <input type={f.type} {...register(f.name)} className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2" />
            {errors[f.name] && <span className="mt-1 block text-sm text-red-600">{errors[f.name]?.message}</span>}
          </label>
        ))}
        <button type="submit" disabled={isSubmitting} className="w-full rounded-lg bg-brand-600 py-2.5 font-semibold text-white disabled:opacity-50">
          {isSubmitting ? 'Creating account…' : 'Sign up'}
        </button>
      </form>
      <p className="mt-4 text-sm">Already registered? <Link to="/login" className="font-semibold text-brand-600">Sign in</Link></p>
    </div>
  );
}
