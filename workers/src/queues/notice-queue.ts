// The notices queue: one 'mail' job per notice to mail (job id mail-{notificationId}, so enqueueing twice is once),
// one 'sign-up-mail' job per registration (enqueued by the API), and a scheduled 'sweep' that writes watchers'
// "ending in 15 minutes" notices, re-enqueues any mail whose job was lost (a crash between the commit and the
// enqueue, Redis away) and forgets caught development mail and old sign-up attempts after a week.
import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import nodemailer from 'nodemailer';
import type { Sql } from 'postgres';
import type { Logger } from 'pino';
import {
  signingKey,
  mailNotice,
  deriveNotices,
  writeNotices,
  type NoticeDeps,
  watchEndingDrafts,
} from '@app/core/notices';
import { importDevelopmentOnly, type EventPublisher } from '@app/infra';
import {
  ALERT_CHECK_INTERVAL_MS,
  MAIL_CATCHER,
  MAIL_JOB_OPTIONS,
  MailJobSchema,
  QUEUE_NAMES,
  SIGN_UP_MAIL_JOB,
  SignUpMailJobSchema,
  signUpMailJobId,
  type DomainEvent,
} from '@app/shared';
import type { MailCatcher } from '../mail/mail-catcher.js';
import { mailSignUp } from '@app/core/identity';

export const NOTICE_QUEUE = QUEUE_NAMES.notices;
export const mailJobId = (notificationId: number) => `mail-${notificationId}`;
/** A pending mail older than this without a job is enqueued again by the sweep. */
const LOST_MAIL_AFTER_S = 30;

export interface Notices {
  queue: Queue;
  /** The embedded mail catcher's SMTP port, when no SMTP_URL was given. */
  catcherPort: number | null;
  onEvents(events: DomainEvent[]): Promise<number>;
  sweep(): Promise<void>;
  /** (Re)creates the repeating sweep; idempotent. */
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
    prefix: `${deps.prefix}bull`,
    defaultJobOptions: MAIL_JOB_OPTIONS,
  });
  queue.on('error', (err) => logger.warn({ err: err.message }, 'notice queue error'));
  const enqueueMails = async (ids: number[]) => {
    if (ids.length > 0)
      await queue.addBulk(
        ids.map((id) => ({ name: 'mail', data: { notificationId: id }, opts: { jobId: mailJobId(id) } })),
      );
  };
  const noticeDeps: NoticeDeps = { sql, events: deps.events, mail: enqueueMails };

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
  };

  const worker = new Worker(
    NOTICE_QUEUE,
    async (job) => {
      if (job.name === 'sweep') return sweep();
      if (job.name === SIGN_UP_MAIL_JOB)
        return { result: await mailSignUp(mailDeps, SignUpMailJobSchema.parse(job.data).attemptId) };
      const data = MailJobSchema.parse(job.data);
      return { result: await mailNotice(mailDeps, data.notificationId) };
    },
    { connection: deps.connection, prefix: `${deps.prefix}bull`, concurrency: 4 },
  );
  worker.on('failed', (job, err) => logger.warn({ jobId: job?.id, err: err.message }, 'notice job failed'));
  worker.on('error', (err) => logger.warn({ err: err.message }, 'notice worker error'));
  const ensureState = async () => {
    await queue.upsertJobScheduler(
      'notice-sweep',
      { every: deps.sweepEveryMs ?? ALERT_CHECK_INTERVAL_MS },
      { name: 'sweep', data: {}, opts: { attempts: 1, removeOnComplete: 100, removeOnFail: 100 } },
    );
  };

  return {
    queue,
    ensureState,
    catcherPort: catcher?.port ?? null,
    onEvents: (batch) => deriveNotices(noticeDeps, batch),
    sweep,
    async close() {
      await worker.close();
      await queue.close();
      transport.close();
      await catcher?.close();
    },
  };
}
