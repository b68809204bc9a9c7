// Notices: what users are told (the bell and its mails), and the signed links in those mails.
export { mailNotice } from './mail-notice.js';
