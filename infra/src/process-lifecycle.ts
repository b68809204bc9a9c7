// The same graceful exit for every process: on SIGTERM or SIGINT, or when the launcher that started it is gone, stop
// once, close in reverse order of start-up, and give up after a deadline rather than hang.
export function closeOnSignals(
  close: () => Promise<void>,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
  deadlineMs = 10_000,
): void {
  let closing = false;
  const begin = (reason: string) => {
    if (closing) return;
    closing = true;
    log.info({ reason }, 'shutting down');
    setTimeout(() => process.exit(1), deadlineMs).unref();
    close().then(
      () => process.exit(0),
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
