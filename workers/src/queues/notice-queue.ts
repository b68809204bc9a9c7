// The notices queue: one 'mail' job per notice to mail (job id mail-{notificationId}, so enqueueing twice is once),
// one 'sign-up-mail' job per registration and one 'account-mail' job per password reset or e-mail change (enqueued by
// the API), and a scheduled 'sweep' that writes watchers'
// "ending in 15 minutes" notices, re-enqueues any mail whose job was lost (a crash between the commit and the
// enqueue, Redis away) and forgets caught development mail and old sign-up attempts after a week. One 'push' job per
// notice to push to its member's devices (job id push-{notificationId}), and a scheduled 'digest' that mails the
// daily digests that are due (once per member and day: core/src/notices/digest.ts). Outbid, alert and watch-ending
// notices are not mailed one by one: the notice that opens a mail window adds one 'mail-window' job, delayed until the
// window is due (job id mail-window-{windowId}); the notices joining it add nothing (shared/src/domain/mail-windows.ts).
import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import nodemailer from 'nodemailer';
import type { Sql } from 'postgres';
import type { Logger } from 'pino';
import {
  signingKey,
  mailNotice,
  mailWindow,
  type OpenedWindow,
  pushNotice,
  runDigests,
  vapidKeys,
  type VapidConfig,
  deriveNotices,
  writeNotices,
  type NoticeDeps,
  watchEndingDrafts,
} from '@app/core/notices';
import {
  SpanKind,
  bullPrefix,
  currentTraceparent,
  importDevelopmentOnly,
  inSpan,
  type EventPublisher,
} from '@app/infra';
import {
  ACCOUNT_MAIL_JOB,
  ALERT_CHECK_INTERVAL_MS,
  AccountMailJobSchema,
  DIGEST_JOB,
  PUSH_JOB,
  PushJobSchema,
  MAIL_CATCHER,
  MAIL_JOB_OPTIONS,
  MAIL_WINDOW_JOB,
  MailJobSchema,
  MailWindowJobSchema,
  mailWindowJobId,
  QUEUE_NAMES,
  SIGN_UP_MAIL_JOB,
  SignUpMailJobSchema,
  signUpMailJobId,
  type DomainEvent,
} from '@app/shared';
import type { MailCatcher } from '../mail/mail-catcher.js';
import { mailEmailChange, mailPasswordReset, mailSignUp } from '@app/core/identity';

export const NOTICE_QUEUE = QUEUE_NAMES.notices;
export const mailJobId = (notificationId: number) => `mail-${notificationId}`;
export const pushJobId = (notificationId: number) => `push-${notificationId}`;
/** How often due digests are looked for unless configured (DIGEST_EVERY_MS). */
const DIGEST_EVERY_MS = 60_000;
/** A pending mail older than this without a job is enqueued again by the sweep. */
const LOST_MAIL_AFTER_S = 30;

export interface Notices {
  queue: Queue;
  /** The embedded mail catcher's SMTP port, when no SMTP_URL was given. */
  catcherPort: number | null;
  onEvents(events: DomainEvent[]): Promise<number>;
  sweep(): Promise<void>;
  /** One run of the digest job: mails the digests due now; returns how many this run sent. */
  digest(): Promise<number>;
  /** Whether web push is on (VAPID keys configured, or made outside production). */
  pushOn: boolean;
  /** (Re)creates the repeating sweep and digest; idempotent. */
  ensureState(): Promise<void>;
  close(): Promise<void>;
}

export interface NoticeQueueDeps {
  sql: Sql;
  events: EventPublisher;
  connection: ConnectionOptions;
  prefix: string;
  logger: Logger;
  smtpUrl?: string;
  mailFrom?: string;
  publicUrl?: string;
  sweepEveryMs?: number;
  /** The VAPID settings of the environment; absent: made and kept in the database (never in production). */
  vapid?: VapidConfig;
  /** Let subscriptions on http://127.0.0.1 be pushed to (tests). */
  pushAllowLocalHttp?: boolean;
  digestEveryMs?: number;
  /** How long a mail window stays open after its first notice (NOTICE_MAIL_WINDOW_MS). */
  mailWindowMs?: number;
}

/**
 * The development mail catcher's module. Its SMTP server and mail parser are development packages that production
 * installs leave out; asking for the catcher there is refused in one line naming SMTP_URL.
 */
export const loadMailCatcher = () =>
  importDevelopmentOnly(
    () => import('../mail/mail-catcher.js'),
    `SMTP_URL=${MAIL_CATCHER} (or empty) asks for the development mail catcher, whose packages this install leaves out: set SMTP_URL to your mail server (smtp://user:password@host:587 or smtps://...)`,
  );

const mailSpan = (jobId: string | undefined, traceparent: string | undefined) => ({
  kind: SpanKind.CONSUMER,
  for: [traceparent],
  attributes: {
    'messaging.system': 'bullmq',
    'messaging.destination.name': NOTICE_QUEUE,
    'messaging.message.id': jobId,
  },
});

export async function startNotices(deps: NoticeQueueDeps): Promise<Notices> {
  const { sql, logger } = deps;
  const catcher: MailCatcher | null = deps.smtpUrl
    ? null
    : await (await loadMailCatcher()).startMailCatcher(sql, logger);
  // Pooled: mails reuse a few open SMTP connections instead of connecting and greeting the server for each one (on an
  // auction night every outbid bid is a mail, and the connection set-up cost more than the mail).
  const transport = deps.smtpUrl
    ? nodemailer.createTransport({ url: deps.smtpUrl, pool: true })
    : nodemailer.createTransport({
        pool: true,
        host: '127.0.0.1',
        port: catcher!.port,
        secure: false,
        ignoreTLS: true,
      });
  const mailDeps = {
    sql,
    transport,
    from: deps.mailFrom ?? 'CarBid <notices@carbid.example>',
    publicUrl: deps.publicUrl ?? 'http://localhost:3000',
    signingKey: await signingKey(sql),
  };
  const queue = new Queue(NOTICE_QUEUE, {
    connection: deps.connection,
    prefix: bullPrefix(deps.prefix),
    defaultJobOptions: MAIL_JOB_OPTIONS,
  });
  queue.on('error', (err) => logger.warn({ err: err.message }, 'notice queue error'));
  const enqueueMails = async (ids: number[]) => {
    // Each mail continues the trace of the work that wrote its notice (the bid that outbid someone).
    const traceparent = currentTraceparent();
    if (ids.length > 0)
      await queue.addBulk(
        ids.map((id) => ({ name: 'mail', data: { notificationId: id, traceparent }, opts: { jobId: mailJobId(id) } })),
      );
  };
  const vapid = await vapidKeys(
    sql,
    deps.vapid ?? { NODE_ENV: 'development', VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '', VAPID_SUBJECT: '' },
  );
  if ('off' in vapid) logger.warn(vapid.off);
  const pushDeps = 'off' in vapid ? null : { sql, vapid, allowLocalHttp: deps.pushAllowLocalHttp ?? false };
  const enqueuePushes = async (ids: number[]) => {
    if (pushDeps)
      await queue.addBulk(
        ids.map((id) => ({
          name: PUSH_JOB,
          data: { notificationId: id },
          // A push is tried once (see pushNotice); the job id keeps a duplicate enqueue to one.
          opts: { jobId: pushJobId(id), attempts: 1, removeOnComplete: 1000, removeOnFail: 1000 },
        })),
      );
  };
  const enqueueWindows = async (windows: OpenedWindow[]) => {
    const traceparent = currentTraceparent();
    const now = Date.now();
    if (windows.length > 0)
      await queue.addBulk(
        windows.map((w) => ({
          name: MAIL_WINDOW_JOB,
          data: { windowId: w.id, traceparent },
          opts: { jobId: mailWindowJobId(w.id), delay: Math.max(0, w.dueAt.getTime() - now) },
        })),
      );
  };
  const noticeDeps: NoticeDeps = {
    sql,
    events: deps.events,
    mail: enqueueMails,
    push: enqueuePushes,
    mailWindows: enqueueWindows,
    mailWindowMs: deps.mailWindowMs,
  };

  /** Mails pending longer than LOST_MAIL_AFTER_S: a job that gave up (SMTP down through every attempt) is retried; one that was never added, or is gone, is added. */
  const recover = async (
    ids: number[],
    jobIdOf: (id: number) => string,
    add: (missing: number[]) => Promise<unknown>,
  ) => {
    const missing: number[] = [];
    for (const id of ids) {
      const job = await queue.getJob(jobIdOf(id));
      if (!job) missing.push(id);
      else if (await job.isFailed()) await job.retry();
    }
    if (missing.length > 0) await add(missing);
  };

  const sweep = async () => {
    await writeNotices(noticeDeps, await watchEndingDrafts(sql));
    const lost = await sql<{ id: number }[]>`
      select id from notifications where mail_status = 'pending' and created_at < now() - ${LOST_MAIL_AFTER_S} * interval '1 second'
      order by id limit 500`;
    await recover(
      lost.map((r) => r.id),
      mailJobId,
      enqueueMails,
    );
    // A window past due whose job was lost (a crash between the commit and the enqueue, or in the send) is mailed now.
    const lostWindows = await sql<{ id: number }[]>`
      select id from mail_windows where status in ('open', 'sending') and due_at < now() - ${LOST_MAIL_AFTER_S} * interval '1 second'
      order by due_at limit 500`;
    await recover(
      lostWindows.map((r) => r.id),
      mailWindowJobId,
      (ids) => enqueueWindows(ids.map((id) => ({ id, dueAt: new Date(0) }))),
    );
    // A push whose job was lost is still worth sending for a few minutes; after that it is news no longer.
    if (pushDeps) {
      const lostPushes = await sql<{ id: number }[]>`
        select id from notifications where push_status = 'pending'
          and created_at < now() - ${LOST_MAIL_AFTER_S} * interval '1 second' and created_at > now() - interval '10 minutes'
        order by id limit 500`;
      await recover(
        lostPushes.map((r) => r.id),
        pushJobId,
        enqueuePushes,
      );
    }
    const lostSignUps = await sql<{ id: number }[]>`
      select id from sign_up_attempts where mail_status = 'pending' and created_at < now() - ${LOST_MAIL_AFTER_S} * interval '1 second'
      order by id limit 500`;
    await recover(
      lostSignUps.map((r) => r.id),
      signUpMailJobId,
      (ids) =>
        queue.addBulk(
          ids.map((attemptId) => ({
            name: SIGN_UP_MAIL_JOB,
            data: { attemptId },
            opts: { jobId: signUpMailJobId(attemptId) },
          })),
        ),
    );
    // The development inbox keeps a week of mail; a sign-up link works for a day, its attempt is kept a week.
    await sql`delete from caught_mails where id in (select id from caught_mails where received_at < now() - interval '7 days' limit 5000)`;
    await sql`delete from sign_up_attempts where id in (select id from sign_up_attempts where created_at < now() - interval '7 days' limit 5000)`;
    await sql`delete from mail_windows where id in (select id from mail_windows where status in ('sent', 'skip', 'empty') and closed_at < now() - interval '7 days' limit 5000)`;
    // Reset and e-mail change links die in 30 minutes and a day; their rows (hashes only) are kept a week.
    await sql`delete from password_resets where id in (select id from password_resets where created_at < now() - interval '7 days' limit 5000)`;
    await sql`delete from email_changes where id in (select id from email_changes where created_at < now() - interval '7 days' limit 5000)`;
    await sql`delete from sign_in_challenges where expires_at < now()`;
    await sql`delete from second_factor_failures where at < now() - interval '1 day'`;
  };

  const worker = new Worker(
    NOTICE_QUEUE,
    async (job) => {
      if (job.name === 'sweep') return sweep();
      if (job.name === DIGEST_JOB) return { sent: await runDigests(mailDeps) };
      if (job.name === PUSH_JOB)
        return pushDeps ? { result: await pushNotice(pushDeps, PushJobSchema.parse(job.data).notificationId) } : null;
      if (job.name === ACCOUNT_MAIL_JOB) {
        const data = AccountMailJobSchema.parse(job.data);
        return inSpan('account mail job', mailSpan(job.id, undefined), async () => ({
          result:
            data.kind === 'password-reset'
              ? await mailPasswordReset(mailDeps, data.id, data.token)
              : await mailEmailChange(mailDeps, data.id, data.token),
        }));
      }
      if (job.name === SIGN_UP_MAIL_JOB) {
        const data = SignUpMailJobSchema.parse(job.data);
        return inSpan('sign-up mail job', mailSpan(job.id, data.traceparent), async () => ({
          result: await mailSignUp(mailDeps, data.attemptId),
        }));
      }
      if (job.name === MAIL_WINDOW_JOB) {
        const data = MailWindowJobSchema.parse(job.data);
        return inSpan('mail window job', mailSpan(job.id, data.traceparent), async () => {
          const result = await mailWindow(mailDeps, data.windowId);
          logger.debug({ windowId: data.windowId, result }, 'mail window job done');
          return result;
        });
      }
      const data = MailJobSchema.parse(job.data);
      return inSpan('mail job', mailSpan(job.id, data.traceparent), async () => {
        const result = await mailNotice(mailDeps, data.notificationId);
        logger.debug({ notificationId: data.notificationId, result }, 'notice mail job done');
        return { result };
      });
    },
    { connection: deps.connection, prefix: bullPrefix(deps.prefix), concurrency: 4 },
  );
  worker.on('failed', (job, err) => logger.warn({ jobId: job?.id, err: err.message }, 'notice job failed'));
  worker.on('error', (err) => logger.warn({ err: err.message }, 'notice worker error'));
  const ensureState = async () => {
    await queue.upsertJobScheduler(
      'notice-sweep',
      { every: deps.sweepEveryMs ?? ALERT_CHECK_INTERVAL_MS },
      { name: 'sweep', data: {}, opts: { attempts: 1, removeOnComplete: 100, removeOnFail: 100 } },
    );
    await queue.upsertJobScheduler(
      'notice-digest',
      { every: deps.digestEveryMs ?? DIGEST_EVERY_MS },
      { name: DIGEST_JOB, data: {}, opts: { attempts: 1, removeOnComplete: 100, removeOnFail: 100 } },
    );
  };

  return {
    queue,
    ensureState,
    catcherPort: catcher?.port ?? null,
    onEvents: (batch) => deriveNotices(noticeDeps, batch),
    sweep,
    digest: () => runDigests(mailDeps),
    pushOn: pushDeps !== null,
    async close() {
      await worker.close();
      await queue.close();
      transport.close();
      await catcher?.close();
    },
  };
}
