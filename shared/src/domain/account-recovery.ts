// Getting back into an account and moving it to another address: a password reset by a mailed link that works once
// for 30 minutes, an e-mail change confirmed at the new address. Pure: core keeps the links (only a hash of each token)
// and mails them, these rules say when a link may still be used and what the pages and mails say.
import { ALLOWED, refuse, type Verdict } from './refusal.js';

/** How long a password reset link works. */
export const RESET_LINK_MINUTES = 30;
/** At most this many reset mails reach one address in an hour: the form must not flood anyone's mailbox. */
export const RESET_MAILS_PER_HOUR = 3;
/** How long an e-mail change link works. */
export const EMAIL_CHANGE_LINK_HOURS = 24;

/** The one answer to every well-formed reset request, whether or not the address has an account. */
export const RESET_ANSWER = `If an account uses this address, we sent it a link to choose a new password. The link works for ${RESET_LINK_MINUTES} minutes.`;
export const RESET_LINK_INVALID = 'This password reset link is not valid. Please ask for a new one.';
export const RESET_LINK_USED = 'This password reset link has already been used. Please ask for a new one.';
export const RESET_LINK_EXPIRED = `This password reset link has expired (it works for ${RESET_LINK_MINUTES} minutes). Please ask for a new one.`;
export const RESET_DONE = 'Your password is changed. Every other session of your account has been signed out.';

export const EMAIL_CHANGE_ANSWER =
  'Check the new address: we sent it a link to confirm the change. Your address stays the same until you open it.';
export const EMAIL_CHANGE_SAME = 'This is already your email address.';
export const EMAIL_CHANGE_WRONG_PASSWORD = 'Your current password is not right.';
export const EMAIL_CHANGE_LINK_INVALID = 'This email change link is not valid. Please ask for a new one.';
export const EMAIL_CHANGE_LINK_USED = 'This email change link has already been used.';
export const EMAIL_CHANGE_LINK_EXPIRED = `This email change link has expired (it works for ${EMAIL_CHANGE_LINK_HOURS} hours). Please ask for a new one.`;
export const EMAIL_CHANGE_TAKEN = 'This email address already has an account. Choose another one.';

export interface AccountLinkFacts {
  createdAt: Date;
  usedAt: Date | null;
}

const expired = (createdAt: Date, now: Date, ms: number) => now.getTime() - createdAt.getTime() >= ms;

/** Whether a reset link (found by its token's hash, naming an account) may set a password now. */
export function decideReset(link: (AccountLinkFacts & { userId: number | null }) | null, now: Date): Verdict {
  if (!link || link.userId === null) return refuse('invalid', RESET_LINK_INVALID);
  if (link.usedAt !== null) return refuse('invalid', RESET_LINK_USED);
  if (expired(link.createdAt, now, RESET_LINK_MINUTES * 60_000)) return refuse('invalid', RESET_LINK_EXPIRED);
  return ALLOWED;
}

/**
 * Whether an e-mail change link may move the account now: the account must still have the address it had when the
 * change was asked for (a second change made meanwhile wins), and the new address must be free.
 */
export function decideEmailChange(
  link: (AccountLinkFacts & { addressNow: string; oldEmail: string; newEmailTaken: boolean }) | null,
  now: Date,
): Verdict {
  if (!link) return refuse('invalid', EMAIL_CHANGE_LINK_INVALID);
  if (link.usedAt !== null) return refuse('invalid', EMAIL_CHANGE_LINK_USED);
  if (expired(link.createdAt, now, EMAIL_CHANGE_LINK_HOURS * 3_600_000))
    return refuse('invalid', EMAIL_CHANGE_LINK_EXPIRED);
  if (link.addressNow !== link.oldEmail) return refuse('invalid', EMAIL_CHANGE_LINK_INVALID);
  if (link.newEmailTaken) return refuse('conflict', EMAIL_CHANGE_TAKEN);
  return ALLOWED;
}

/** Whether one more reset mail may reach an address that has had `mailedThisHour` of them this hour. */
export const resetMailAllowed = (mailedThisHour: number) => mailedThisHour < RESET_MAILS_PER_HOUR;

export interface AccountMail {
  subject: string;
  text: string;
  link: string;
  linkText: string;
}

export function resetMail(o: { name: string; link: string; siteUrl: string }): AccountMail {
  return {
    subject: 'Choose a new CarBid password',
    text:
      `Hi ${o.name},\n\nSomeone (perhaps you) asked to reset the password of your CarBid account. To choose a new one, ` +
      `open this link:\n\n${o.link}\n\nIt works once, for ${RESET_LINK_MINUTES} minutes. When you set a new password, ` +
      `every session of your account is signed out.\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
    link: o.link,
    linkText: 'Choose a new password',
  };
}

export function emailChangeConfirmMail(o: { name: string; link: string }): AccountMail {
  return {
    subject: 'Confirm your new CarBid email address',
    text:
      `Hi ${o.name},\n\nTo move your CarBid account to this address, open this link:\n\n${o.link}\n\n` +
      `It works for ${EMAIL_CHANGE_LINK_HOURS} hours. Until then your account keeps its old address. If you did not ask ` +
      `for this, ignore this mail.\n`,
    link: o.link,
    linkText: 'Confirm my new address',
  };
}

export function emailChangeNoticeMail(o: { name: string; newEmail: string; siteUrl: string }): AccountMail {
  const link = `${o.siteUrl}/forgot-password`;
  return {
    subject: 'Your CarBid email address is about to change',
    text:
      `Hi ${o.name},\n\nSomeone signed in to your CarBid account asked to move it to ${o.newEmail}. It moves only when ` +
      `the link mailed there is opened.\n\nIf this was not you, change your password now: ${link}\n`,
    link,
    linkText: 'Reset my password',
  };
}
