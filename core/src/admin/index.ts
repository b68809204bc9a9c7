// The admin portal: its figures, tables and exports, suspending members, the throttled requests it reports.
export { listAuctionsForAdmin } from './admin-auctions.js';
export { listEscrowsForAdmin } from './admin-escrows.js';
export { adminReportStream, reportLines } from './admin-export.js';
export { adminOverview } from './admin-overview.js';
export { FLAG_FAILED_SIGN_INS, adminSecurity, flaggedUsers } from './admin-security.js';
export { listUsersForAdmin, reactivateUser, setPremium, suspendUser } from './admin-users.js';
export {
  THROTTLED_KEEP_SECONDS,
  THROTTLED_MEMBERS_PER_DAY,
  recordThrottled,
  throttledRequests,
} from './throttled-requests.js';
