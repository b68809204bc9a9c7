// Signing up without telling anyone which addresses have an account. Every registration gets the same answer; the
// address's owner learns the rest by mail: a link that creates the account, or, when the address already has one, a
// note that someone tried. Pure: the API keeps the attempt and confirms it, the workers mail it, in these words.
import { ALLOWED, refuse, type Verdict } from './refusal.js';

/** How long a confirmation link works. */
export const SIGN_UP_LINK_HOURS = 24;
/** At most this many sign-up mails reach one address in an hour, so the form cannot be used to flood a mailbox. */
export const SIGN_UP_MAILS_PER_HOUR = 3;

/** The one answer to every well-formed registration, new address or not. */
export const SIGN_UP_ANSWER = `Check your email: we sent a link to finish signing up. It works for ${SIGN_UP_LINK_HOURS} hours.`;

export const SIGN_UP_LINK_INVALID = 'This confirmation link is not valid. Please sign up again to get a new one.';
export const SIGN_UP_LINK_EXPIRED = 'This confirmation link has expired. Please sign up again to get a new one.';
export const SIGN_UP_ALREADY_DONE = 'This email address already has an account. Please sign in.';
/** A confirmation link opened in a browser signed in to an account: it does not switch that browser to another. */
export const SIGN_UP_SIGNED_IN =
  'This browser is signed in to an account. Sign out first, then open the link again to finish signing up.';

/** Wrong passwords a confirmation link takes before it stops working. */
export const SIGN_UP_PASSWORD_TRIES = 5;
export const SIGN_UP_PASSWORD_WRONG =
  'This is not the password chosen when signing up. Enter that password, or sign up again with a new one.';
export const SIGN_UP_PASSWORD_TOO_MANY =
  'Too many wrong passwords for this link. Please sign up again to get a new one.';

export const signUpPasswordTriesLeft = (failures: number) => Math.max(0, SIGN_UP_PASSWORD_TRIES - failures);

export interface SignUpAttemptFacts {
  /** Set when the address already had an account at sign-up: that owner was warned, no link was sent. */
  existingUserId: number | null;
  createdAt: Date;
  confirmedAt: Date | null;
  /** An account with this address exists now (this attempt or another one was confirmed). */
  addressTaken: boolean;
  /** Wrong passwords sent with this link so far. */
  passwordFailures?: number;
}

/** Whether a confirmation link may create the account now. */
export function decideConfirmation(a: SignUpAttemptFacts, now: Date): Verdict {
  if (a.existingUserId !== null) return refuse('invalid', SIGN_UP_LINK_INVALID);
  if (a.confirmedAt !== null || a.addressTaken) return refuse('conflict', SIGN_UP_ALREADY_DONE);
  if (now.getTime() - a.createdAt.getTime() > SIGN_UP_LINK_HOURS * 3_600_000)
    return refuse('invalid', SIGN_UP_LINK_EXPIRED);
  if (signUpPasswordTriesLeft(a.passwordFailures ?? 0) === 0) return refuse('invalid', SIGN_UP_PASSWORD_TOO_MANY);
  return ALLOWED;
}

export interface SignUpMail {
  subject: string;
  text: string;
  /** The link the mail is about, shown as a button in the HTML part. */
  link: string;
  linkText: string;
}

/**
 * The mail an attempt sends, or null when the address has had its share of sign-up mail this hour. `confirmLink` is
 * the signed link for a new address; `siteUrl` the site's address without a trailing slash.
 */
export function signUpMail(o: {
  addressTaken: boolean;
  /**
   * The existing owner's name, for the note to a taken address. The name given at sign-up is never mailed: whoever
   * signed up chose it, and the mailbox may not be theirs (a stranger's words must not reach it).
   */
  ownerName: string;
  mailedThisHour: number;
  confirmLink: string;
  siteUrl: string;
}): SignUpMail | null {
  if (o.mailedThisHour >= SIGN_UP_MAILS_PER_HOUR) return null;
  if (o.addressTaken) {
    const link = `${o.siteUrl}/login`;
    return {
      subject: 'Someone tried to sign up with your email address',
      text:
        `Hi ${o.ownerName},\n\nSomeone (perhaps you) tried to create a CarBid account with this email address, which already has ` +
        `one. Nothing was changed and no new account was made.\n\nTo sign in: ${link}\nForgot your password? ${o.siteUrl}/forgot-password\n\n` +
        `If it was not you, you can ignore this mail.\n`,
      link,
      linkText: 'Sign in',
    };
  }
  return {
    subject: 'Confirm your email to finish signing up',
    text:
      `Hello,\n\nConfirm your email address to finish creating your CarBid account:\n\n${o.confirmLink}\n\n` +
      `You will be asked for the password you chose when signing up. The link works for ${SIGN_UP_LINK_HOURS} hours. ` +
      `If you did not sign up, ignore this mail: no account is made without it and that password.\n`,
    link: o.confirmLink,
    linkText: 'Confirm my email',
  };
}
