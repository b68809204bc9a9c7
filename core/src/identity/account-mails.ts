// Hands a password reset or e-mail change mail to the workers (a job on the notices queue). The job carries the link's
// token, which the database never holds (only its hash): the job is removed once done, and the link dies in 30 minutes
// (a reset) or 24 hours (an e-mail change) anyway. Like sign-up mail, a slow Redis must not change the answer: the
// enqueue is given half a second; a job that never arrives means no mail, and the member asks again.
import { Queue } from 'bullmq';
import type { WarnLogger } from '@app/infra';
import { bullConnection, bullPrefix } from '@app/infra';
import { ACCOUNT_MAIL_JOB, MAIL_JOB_OPTIONS, QUEUE_NAMES, accountMailJobId, type AccountMailJob } from '@app/shared';

const ENQUEUE_WAIT_MS = 500;

export interface AccountMailQueue {
  enqueue(job: AccountMailJob): Promise<void>;
}

export class AccountMails implements AccountMailQueue {
  private readonly queue: Queue;

  constructor(
    config: { REDIS_URL: string; REDIS_PREFIX: string },
    private readonly log: WarnLogger,
  ) {
    this.queue = new Queue(QUEUE_NAMES.notices, {
      connection: bullConnection(config.REDIS_URL, { maxRetriesPerRequest: 1 }),
      prefix: bullPrefix(config.REDIS_PREFIX),
    });
    this.queue.on('error', (err) => log.warn({ err: err.message }, 'account mail queue error'));
  }

  async enqueue(data: AccountMailJob): Promise<void> {
    const added = this.queue.add(ACCOUNT_MAIL_JOB, data, {
      ...MAIL_JOB_OPTIONS,
      removeOnComplete: true,
      jobId: accountMailJobId(data),
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), ENQUEUE_WAIT_MS);
    });
    try {
      if ((await Promise.race([added, late])) === 'late')
        this.log.warn({ kind: data.kind, id: data.id }, 'account mail queue did not answer in time');
    } catch (err) {
      this.log.warn(
        { kind: data.kind, err: err instanceof Error ? err.message : String(err) },
        'account mail not queued',
      );
    } finally {
      clearTimeout(timer);
      added.catch(() => {});
    }
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
