import { useState } from 'react';
import { Navigate } from 'react-router';
import { Tabs } from 'radix-ui';
import { useAdminMe } from '../api/admin-session';
import { useOverview } from '../api/get-overview';
import { useAdminEvents } from '../hooks/use-admin-events';
import { PendingAuctions } from './pending-auctions';
import { AdminEscrows } from './admin-escrows';
import { AdminSettings } from './admin-settings';
import { AdminUsers } from './admin-users';

export function AdminPage() {
  const me = useAdminMe();
  const overview = useOverview(Boolean(me.data));
  const [period, setPeriod] = useState('30d');
  useAdminEvents(me.data?.admin.id);
  if (me.isLoading) return <p className="p-8 text-center">Loading…</p>;
  if (me.isError || !me.data) return <Navigate to="/admin/login" replace />;
  const stats = overview.data;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Admin dashboard</h1>
          <p className="text-slate-600">Signed in as {me.data.admin.name} ({me.data.admin.role})</p>
        </div>
        <label className="text-sm">
          Period{' '}
          <select value={period} onChange={(e) => setPeriod(e.target.value)} className="ml-1 rounded-md border px-2 py-1">
            {['7d', '30d', '90d', '1y'].map((p) => <option key={p}>{p}</option>)}
          </select>
        </label>
      </div>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[
          ['Live auctions', stats?.liveAuctions],
          ['Registered users', stats?.users],
          ['Bids in the last 24 h', stats?.bidsToday],
          ['Pending approval', stats?.pending],
        ].map(([label, value]) => (
          <div key={String(label)} className="rounded-xl border bg-white p-5">
            <p className="text-sm text-slate-500">{label}</p>
            <p className="text-3xl font-bold">{value ?? '…'}</p>
            <p className="text-xs text-emerald-700">Live from the database</p>
          </div>
        ))}
      </div>
      <Tabs.Root defaultValue="overview" className="mt-8">
        <Tabs.List className="flex flex-wrap gap-2 border-b">
          {['overview', 'auctions', 'users', 'revenue', 'security', 'settings'].map((t) => (
            <Tabs.Trigger key={t} value={t} className="px-3 py-2 capitalize data-[state=active]:border-b-2 data-[state=active]:border-brand-600">{t}</Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="auctions" className="py-6">
          <h2 className="mb-3 text-lg font-semibold">Pending approval</h2>
          <PendingAuctions />
          <h2 className="mb-3 mt-8 text-lg font-semibold">Escrow transactions</h2>
          <AdminEscrows />
        </Tabs.Content>
        {['overview', 'revenue', 'security'].map((t) => (
          <Tabs.Content key={t} value={t} className="py-6 text-slate-600">
            <p className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900">Sample data: detailed {t} reports for {period} are not connected to live figures yet.</p>
          </Tabs.Content>
        ))}
        <Tabs.Content value="users" className="py-6">
          <AdminUsers />
        </Tabs.Content>
        <Tabs.Content value="settings" className="py-6">
          <AdminSettings />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
