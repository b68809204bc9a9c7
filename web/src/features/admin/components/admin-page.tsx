import { useState } from 'react';
import {
  ADMIN_EXPORT_TABS,
  AdminPeriodSchema,
  AdminTabSchema,
  type AdminExportTab,
  type AdminPeriod,
} from '@app/shared';
import { Navigate } from 'react-router';
import { useAdminMe } from '../api/admin-session';
import { useOverview } from '../api/get-overview';
import { useAdminEvents } from '../hooks/use-admin-events';
import { PendingAuctions } from './pending-auctions';
import { AdminEscrows } from './admin-escrows';
import { AdminSettings } from './admin-settings';
import { AdminUsers } from './admin-users';
import { AdminAuctions } from './admin-auctions';
import { OverviewChart } from './overview-chart';
import { AdminRevenue, AdminSecurityTab } from './admin-revenue-security';
import { exportReportUrl } from '../api/export-report';
import { EscrowVolume, StatCards } from './stat-cards';
import { ForumReports } from './forum-reports';
import { AdminSecondFactorSetup } from './admin-second-factor-setup';
import { Button, Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui';

export function AdminPage() {
  const me = useAdminMe();
  const [period, setPeriod] = useState<AdminPeriod>('30d');
  const [tab, setTab] = useState<AdminExportTab>('overview');
  const ready = Boolean(me.data?.admin.secondFactor);
  const overview = useOverview(ready, period);
  useAdminEvents(ready ? me.data?.admin.id : undefined);
  if (me.isLoading) return <p className="p-8 text-center">Loading…</p>;
  if (me.isError || !me.data) return <Navigate to="/admin/login" replace />;
  // Admins must have the second factor: without it the portal only leads to setting it up.
  if (!me.data.admin.secondFactor) return <AdminSecondFactorSetup />;
  const stats = overview.data;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Admin dashboard</h1>
          <p className="text-slate-600">
            Signed in as {me.data.admin.name} ({me.data.admin.role})
          </p>
        </div>
        <div className="flex items-center gap-3">
          <Button asChild variant="outline" size="sm">
            <a href={exportReportUrl(tab, period)} download data-testid="export-report">
              Export Report
            </a>
          </Button>
          <label className="text-sm">
            Period{' '}
            <select
              value={period}
              onChange={(e) => setPeriod(AdminPeriodSchema.parse(e.target.value))}
              data-testid="period"
              className="ml-1 rounded-md border px-2 py-1"
            >
              {AdminPeriodSchema.options.map((p) => (
                <option key={p}>{p}</option>
              ))}
            </select>
          </label>
        </div>
      </div>
      <StatCards stats={stats} />
      <Tabs value={tab} onValueChange={(t) => setTab(AdminTabSchema.parse(t))} className="mt-8">
        <TabsList>
          {ADMIN_EXPORT_TABS.map((t) => (
            <TabsTrigger key={t} value={t}>
              {t}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="auctions" className="py-6">
          <h2 className="mb-3 text-lg font-semibold">Pending approval</h2>
          <PendingAuctions />
          <h2 className="mb-3 mt-8 text-lg font-semibold">All auctions</h2>
          <AdminAuctions />
          <h2 className="mb-3 mt-8 text-lg font-semibold">Escrow transactions</h2>
          <AdminEscrows />
        </TabsContent>
        <TabsContent value="overview" className="space-y-4 py-6">
          {stats && <OverviewChart series={stats.series} />}
          <EscrowVolume stats={stats} />
        </TabsContent>
        <TabsContent value="revenue" className="py-6">
          <AdminRevenue stats={stats} />
        </TabsContent>
        <TabsContent value="security" className="space-y-6 py-6">
          <AdminSecurityTab period={period} />
          <h2 className="mb-3 text-lg font-semibold">Forum reports</h2>
          <ForumReports />
        </TabsContent>
        <TabsContent value="users" className="py-6">
          <AdminUsers />
        </TabsContent>
        <TabsContent value="settings" className="py-6">
          <AdminSettings />
        </TabsContent>
      </Tabs>
    </div>
  );
}
