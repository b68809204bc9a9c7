// The same graceful exit for every process: on SIGTERM or SIGINT stop once, close in reverse order of start-up, and
// give up after a deadline rather than hang.
export function closeOnSignals(
  close: () => Promise<void>,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
  deadlineMs = 10_000,
): void {
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      log.info({ signal }, 'shutting down');
      setTimeout(() => process.exit(1), deadlineMs).unref();
      close().then(
        () => process.exit(0),
        (err: unknown) => {
          log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}
