// Preloaded into the API process by the valuation bench (NODE_OPTIONS=--import): measures that process's own event
// loop with monitorEventLoopDelay and appends one line a tenth of a second, `epoch_ms max_ms p99_ms`, to the file the
// bench names. Only the compiled server itself reports, not any other Node process that inherits the option.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.LOOP_DELAY_FILE;
if (file && /api[\\/]dist[\\/]server\.js$/.test(process.argv[1] ?? '')) {
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  setInterval(() => {
    appendFileSync(file, `${Date.now()} ${(h.max / 1e6).toFixed(2)} ${(h.percentile(99) / 1e6).toFixed(2)}\n`);
    h.reset();
  }, 100).unref();
}
