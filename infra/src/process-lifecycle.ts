// The same start and graceful exit for every process: a setting it cannot start with ends it with one line and exit 1;
// on SIGTERM or SIGINT, or when the launcher that started it is gone, it stops once, closes in reverse order of
// start-up, and gives up after a deadline rather than hang.
import { flushTracing } from './tracing/spans.js';
import { EnvError } from '@app/shared';

/**
 * How long each process may take to drain on SIGTERM before it gives up. Whatever stops them (compose's
 * stop_grace_period, an orchestrator's termination grace period) must wait longer, or it kills the drain.
 */
export const DRAIN_DEADLINE_MS = { api: 10_000, realtime: 10_000, workers: 15_000 } as const;

/**
 * Runs a start-up step. A setting the process cannot start with (an EnvError: a bad or, in production, unsafe variable,
 * or a development package this install leaves out) ends it with that one line on stderr and exit 1; anything else is
 * thrown on, stack and all.
 */
export function exitIfRefused<T>(step: () => T): T {
  const refuse = (err: unknown): never => {
    if (!(err instanceof EnvError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  };
  try {
    const result = step();
    return (result instanceof Promise ? result.catch(refuse) : result) as T;
  } catch (err) {
    return refuse(err);
  }
}

/**
 * Loads a development-only module on demand (the readable log printer, the mail catcher). A production install
 * (`npm ci --omit=dev`, the container image) leaves their packages out; asking for one there is refused with `refusal`,
 * which names the setting that asked and what to set instead.
 */
export async function importDevelopmentOnly<T>(load: () => Promise<T>, refusal: string): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') throw new EnvError(refusal);
    throw err;
  }
}

export function closeOnSignals(
  close: () => Promise<void>,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
  deadlineMs: number,
): void {
  let closing = false;
  const begin = (reason: string) => {
    if (closing) return;
    closing = true;
    log.info({ reason }, 'shutting down');
    setTimeout(() => process.exit(1), deadlineMs).unref();
    // Spans still buffered are exported last, once the process has finished its work (a no-op with tracing off).
    close().then(
      () => flushTracing().finally(() => process.exit(0)),
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => begin(signal));
  // `npm start` gives its members an IPC channel. A launcher killed outright (kill -9, a closed terminal) cannot pass
  // on a signal, but its end of the channel closes with it: a member then stops instead of living on holding its port.
  if (process.channel) {
    process.channel.unref();
    process.once('disconnect', () => begin('launcher gone'));
  }
}
