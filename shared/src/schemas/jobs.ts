// BullMQ queues and job payloads: the workers run them, the API adds mail jobs, the ops dashboard shows them. Every
// payload is parsed by the workers before use.
import { z } from 'zod';

/** BullMQ queue names, one per kind of job, shared by the workers that run them and the ops dashboard that shows them. */
export const QUEUE_NAMES = {
  close: 'auction-close',
  escrowDeadlines: 'escrow-deadlines',
  tradeInExpiry: 'trade-in-expiry',
  housekeeping: 'housekeeping',
  alerts: 'bid-alerts',
  notices: 'notices',
  offerExpiry: 'offer-expiry',
} as const;

/**
 * W3C trace context, version 00: the trace the job continues (the work that enqueued it). Strict: 32 and 16 lowercase
 * hex digits, not all zero, and the flags byte.
 */
export const TRACEPARENT_PATTERN = /^00-(?!0{32})[0-9a-f]{32}-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}$/;
/** Optional in every job: a value that is not a traceparent is ignored (the job runs untraced), never a failure. */
const traceparent = z.string().max(55).regex(TRACEPARENT_PATTERN).optional().catch(undefined);

export const CloseAuctionJobSchema = z.object({ auctionId: z.number().int().positive(), traceparent });
export type CloseAuctionJob = z.infer<typeof CloseAuctionJobSchema>;

/** An offer's deadline: the job expires it if it is still waiting then (a counter's new deadline has its own job). */
export const ExpireOfferJobSchema = z.object({ offerId: z.number().int().positive() });
export type ExpireOfferJob = z.infer<typeof ExpireOfferJobSchema>;
/** Readable, colon-free, never only digits; one per offer and deadline, so a repeated schedule adds nothing. */
export const offerExpiryJobId = (offerId: number, expiresAt: Date) => `offer-expiry-${offerId}-${expiresAt.getTime()}`;

/** The mail job: one notice, mailed at most once whatever happens to the job. */
export const MailJobSchema = z.object({ notificationId: z.number().int().positive(), traceparent });
export type MailJob = z.infer<typeof MailJobSchema>;
/**
 * The mail-window job (on the notices queue, delayed until the window is due): every notice of one window in one
 * mail. Its id names the window, so the writer that opened it and the sweep add one job.
 */
export const MAIL_WINDOW_JOB = 'mail-window';
export const MailWindowJobSchema = z.object({ windowId: z.number().int().positive(), traceparent });
export type MailWindowJob = z.infer<typeof MailWindowJobSchema>;
export const mailWindowJobId = (windowId: number) => `mail-window-${windowId}`;
/** The push job (on the notices queue, job id push-{notificationId}): one notice pushed to its member's devices. */
export const PUSH_JOB = 'push';
export const PushJobSchema = z.object({ notificationId: z.number().int().positive() });
/** The digest job (on the notices queue, from a job scheduler): mails every member whose digest is due. */
export const DIGEST_JOB = 'digest';
/** The sign-up mail job (on the notices queue): one registration's mail, sent at most once. */
export const SignUpMailJobSchema = z.object({ attemptId: z.number().int().positive(), traceparent });
export type SignUpMailJob = z.infer<typeof SignUpMailJobSchema>;
export const SIGN_UP_MAIL_JOB = 'sign-up-mail';
/** The job id, so the API's enqueue and the workers' sweep add one job per attempt. */
export const signUpMailJobId = (attemptId: number) => `sign-up-mail-${attemptId}`;
/**
 * Retries of every mail job: an SMTP server that is briefly away is tried again. Failed jobs stay visible on the queue
 * dashboard for 30 days, at most 10,000 of them: anyone may start a sign-up mail, so a mail server that refuses them
 * must not make the queue grow without end.
 */
export const MAIL_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: 1000,
  removeOnFail: { age: 30 * 86_400, count: 10_000 },
} as const;

/**
 * A password reset or e-mail change mail (on the notices queue). It carries the link's token, which only exists here
 * and in the mail: the database keeps its hash.
 */
export const ACCOUNT_MAIL_JOB = 'account-mail';
export const AccountMailJobSchema = z.object({
  kind: z.enum(['password-reset', 'email-change']),
  id: z.number().int().positive(),
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});
export type AccountMailJob = z.infer<typeof AccountMailJobSchema>;
export const accountMailJobId = (job: { kind: string; id: number }) => `${job.kind}-${job.id}`;
