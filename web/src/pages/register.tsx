import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { RegisterBodySchema, type SessionUser } from '@app/shared';
import { ApiError, apiRequest } from '../lib/api-client';
import { ME_KEY } from '../lib/session';
import { toast } from '../stores/toast';

export function RegisterPage() {
  const [form, setForm] = useState({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = RegisterBodySchema.safeParse(form);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const i of parsed.error.issues) next[String(i.path[0])] ??= i.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const { user } = await apiRequest<{ user: SessionUser }>('POST', '/api/auth/register', parsed.data);
      queryClient.setQueryData(ME_KEY, { user });
      toast({ title: `Welcome, ${user.name}!`, description: 'Your account is ready.' });
      void navigate('/dashboard');
    } catch (err) {
      toast({ title: 'Sign-up failed', description: err instanceof ApiError ? err.serverMessage ?? err.message : 'Please try again.', variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };
  const field = (name: keyof typeof form, label: string, type = 'text') => (
    <label className="block">
      <span className="text-sm font-medium">{label}</span>
      <input type={type} value={form[name]} onChange={(e) => setForm({ ...form, [name]: e.target.value })} className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2" />
      {errors[name] && <span className="mt-1 block text-sm text-red-600">{errors[name]}</span>}
    </label>
  );
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold">Create your account</h1>
      <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
        {field('name', 'Name')}
        {field('email', 'Email', 'email')}
        {field('password', 'Password (at least 8 characters)', 'password')}
        <button type="submit" disabled={pending} className="w-full rounded-lg bg-brand-600 py-2.5 font-semibold text-white disabled:opacity-50">
          {pending ? 'Creating account…' : 'Sign up'}
        </button>
      </form>
      <p className="mt-4 text-sm">Already registered? <Link to="/login" className="font-semibold text-brand-600">Sign in</Link></p>
    </div>
  );
}
