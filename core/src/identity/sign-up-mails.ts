// Hands a sign-up's mail to the workers (a job on the notices queue) right after the attempt is committed. Redis being
// slow or away must not change the answer: the enqueue is given half a second, and a mail whose job never arrived is sent
// by the workers' sweep instead.
import { Queue } from 'bullmq';
import type { WarnLogger } from '@app/infra';
import { bullConnection, bullPrefix, currentTraceparent } from '@app/infra';
import { MAIL_JOB_OPTIONS, QUEUE_NAMES, SIGN_UP_MAIL_JOB, signUpMailJobId, type SignUpMailJob } from '@app/shared';

const ENQUEUE_WAIT_MS = 500;

export class SignUpMails {
  private readonly queue: Queue;

  constructor(
    config: { REDIS_URL: string; REDIS_PREFIX: string },
    private readonly log: WarnLogger,
  ) {
    this.queue = new Queue(QUEUE_NAMES.notices, {
      connection: bullConnection(config.REDIS_URL, { maxRetriesPerRequest: 1 }),
      prefix: bullPrefix(config.REDIS_PREFIX),
    });
    this.queue.on('error', (err) => log.warn({ err: err.message }, 'sign-up mail queue error'));
  }

  async enqueue(attemptId: number): Promise<void> {
    const data: SignUpMailJob = { attemptId, traceparent: currentTraceparent() };
    const added = this.queue.add(SIGN_UP_MAIL_JOB, data, { ...MAIL_JOB_OPTIONS, jobId: signUpMailJobId(attemptId) });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), ENQUEUE_WAIT_MS);
    });
    try {
      if ((await Promise.race([added, late])) === 'late')
        this.log.warn({ attemptId }, 'sign-up mail left to the sweep: the queue did not answer in time');
    } catch (err) {
      this.log.warn(
        { attemptId, err: err instanceof Error ? err.message : String(err) },
        'sign-up mail left to the sweep',
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
