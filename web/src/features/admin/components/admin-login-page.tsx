import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AdminLoginBodySchema } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { adminSignIn } from '../api/admin-session';

export function AdminLoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(AdminLoginBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (body) => {
    try {
      await adminSignIn(body);
      // A new identity in this browser: every answer (the header's session among them) is read again.
      await queryClient.invalidateQueries();
      toast({ title: 'Admin Login Successful', description: 'Welcome to the admin dashboard.' });
      void navigate('/admin');
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
      <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
        <label className="block">
          <span className="text-sm font-medium">Email</span>
          <input
            type="email"
            {...register('email')}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          />
          {errors.email && <span className="mt-1 block text-sm text-red-600">{errors.email.message}</span>}
        </label>
        <label className="block">
          <span className="text-sm font-medium">Password</span>
          <input
            type="password"
            {...register('password')}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          />
          {errors.password && <span className="mt-1 block text-sm text-red-600">{errors.password.message}</span>}
        </label>
        <button
          type="submit"
          disabled={isSubmitting}
          className="w-full rounded-lg bg-slate-900 py-2.5 font-semibold text-white disabled:opacity-50"
        >
          {isSubmitting ? 'Signing in…' : 'Sign in as admin'}
        </button>
      </form>
    </div>
  );
}
