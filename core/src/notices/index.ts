// Notices: what users are told (the bell and its mails), and the signed links in those mails.
export { mailNotice } from './mail-notice.js';
export { type NoticeDeps, deriveNotices, writeNotices } from './derive-notices.js';
export {
  caughtMails,
  emailSettings,
  listNotifications,
  markRead,
  setEmail,
  setWatching,
  unsubscribe,
  watchlist,
} from './notifications.js';
export { signSignUp } from './sign-up-token.js';
export { signingKey } from './signed-token.js';
export { signUnsubscribe, verifyUnsubscribe } from './unsubscribe-token.js';
export { watchEndingDrafts } from './watch-ending.js';
