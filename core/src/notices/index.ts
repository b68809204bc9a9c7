// Notices: what users are told (the bell and its mails), and the signed links in those mails.
export { type MailDeps, mailNotice } from './mail-notice.js';
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
export { DIGEST_SECTIONS, digestSettings, mailDigest, runDigests, setDigest } from './digest.js';
export { addPushDevice, pushDevices, removePushDevice } from './push-devices.js';
export { type VapidConfig, type VapidKeys, vapidKeys } from './push-keys.js';
export { type PushDeps, type PushResult, pushNotice } from './push-notice.js';
export { type MailKind, unsubscribeParts } from './unsubscribe-token.js';
export { mailWindow, windowMessageId } from './mail-window.js';
export type { OpenedWindow } from './record-notices.js';
