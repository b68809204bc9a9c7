import type { AdminExportTab, AdminPeriod } from '@app/shared';

/** The streamed CSV of the tab on screen and the period; the browser downloads it with the admin's cookie. */
export const exportReportUrl = (tab: AdminExportTab, period: AdminPeriod): string =>
  `/api/admin/export?tab=${tab}&period=${period}`;
