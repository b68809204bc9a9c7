import { ADMIN_EXPORT_TABS, type AdminPeriod } from '@app/shared';

/** The streamed CSV of a tab and period; the browser downloads it with the admin's cookie. Tabs without rows of their own export the overview. */
export function exportReportUrl(tab: string, period: AdminPeriod): string {
  const t = (ADMIN_EXPORT_TABS as readonly string[]).includes(tab) ? tab : 'overview';
  return `/api/admin/export?tab=${t}&period=${period}`;
}
