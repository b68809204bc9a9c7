// A long piece of work cut into tasks: every task on a phone's main thread that runs over 50 ms keeps a tap waiting
// (Lighthouse counts that excess as Total Blocking Time), while several shorter ones let the browser answer in between.

type YieldingScheduler = { yield(): Promise<void> };

/** Resolves in a new task. A message, not a timer: a hidden tab's timers wait up to a second. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Runs each import in its own task, in order: a module graph is evaluated in one go, so the parts of a large one that
 * others build on (zod and the schemas, React) are imported first, each alone, and what follows finds them evaluated.
 */
export async function importInTurns(imports: (() => Promise<unknown>)[]): Promise<void> {
  for (const load of imports) {
    await load();
    await nextTask();
  }
}
