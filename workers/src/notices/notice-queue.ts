// The notices queue: one 'mail' job per notice to mail (job id mail-{notificationId}, so enqueueing twice is once),
// and a scheduled 'sweep' that writes watchers' "ending in 15 minutes" notices, re-enqueues any mail whose job was
// lost (a crash between the commit and the enqueue) and forgets caught development mail after a week.
import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import nodemailer from 'nodemailer';
import type { Sql } from 'postgres';
import type { Logger } from 'pino';
import { signingKey, type EventPublisher } from '@app/infra';
import { ALERT_CHECK_INTERVAL_MS, MailJobSchema, QUEUE_NAMES, type DomainEvent } from '@app/shared';
import { startMailCatcher, type MailCatcher } from '../mail/mail-catcher.js';
import { mailNotice } from '../mail/mail-notice.js';
import { deriveNotices, writeNotices, type NoticeDeps } from './derive-notices.js';
import { watchEndingDrafts } from './watch-ending.js';

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

export async function startNotices(deps: NoticeQueueDeps): Promise<Notices> {
  const { sql, logger } = deps;
  const catcher: MailCatcher | null = deps.smtpUrl ? null : await startMailCatcher(sql, logger);
  // Pooled: mails reuse a few open SMTP connections instead of connecting and greeting the server for each one (on an
  // auction night every outbid bid is a mail, and the connection set-up cost more than the mail).
  const transport = deps.smtpUrl
    ? nodemailer.createTransport({ url: deps.smtpUrl, pool: true })
    : nodemailer.createTransport({ pool: true, host: '127.0.0.1', port: catcher!.port, secure: false, ignoreTLS: true });
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
    defaultJobOptions: { attempts: 5, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: 1000, removeOnFail: false },
  });
  queue.on('error', (err) => logger.warn({ err: err.message }, 'notice queue error'));
  const enqueueMails = async (ids: number[]) => {
    if (ids.length > 0) await queue.addBulk(ids.map((id) => ({ name: 'mail', data: { notificationId: id }, opts: { jobId: mailJobId(id) } })));
  };
  const noticeDeps: NoticeDeps = { sql, events: deps.events, mail: enqueueMails };

  const sweep = async () => {
    await writeNotices(noticeDeps, await watchEndingDrafts(sql));
    const lost = await sql<{ id: number }[]>`
      select id from notifications where mail_status = 'pending' and created_at < now() - ${LOST_MAIL_AFTER_S} * interval '1 second'
      order by id limit 500`;
    // A job that gave up (SMTP down through every attempt) is retried; one that was never added, or is gone, is added.
    const missing: number[] = [];
    for (const { id } of lost) {
      const job = await queue.getJob(mailJobId(id));
      if (!job) missing.push(id);
      else if (await job.isFailed()) await job.retry();
    }
    await enqueueMails(missing);
    // The development inbox keeps a week of mail.
    await sql`delete from caught_mails where id in (select id from caught_mails where received_at < now() - interval '7 days' limit 5000)`;
  };

  const worker = new Worker(
    NOTICE_QUEUE,
    async (job) => {
      if (job.name === 'sweep') return sweep();
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
