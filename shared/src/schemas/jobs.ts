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
} as const;

export const CloseAuctionJobSchema = z.object({ auctionId: z.number().int().positive() });
export type CloseAuctionJob = z.infer<typeof CloseAuctionJobSchema>;

/** The mail job: one notice, mailed at most once whatever happens to the job. */
export const MailJobSchema = z.object({ notificationId: z.number().int().positive() });
export type MailJob = z.infer<typeof MailJobSchema>;
/** The sign-up mail job (on the notices queue): one registration's mail, sent at most once. */
export const SignUpMailJobSchema = z.object({ attemptId: z.number().int().positive() });
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
