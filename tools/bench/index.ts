// `npm run bench [-- quick | night | bids]`: the product's hot paths next to the raw limits of the same machine, in one
// run. Without a mode, everything (the night included). BENCH_SECONDS sets the length of each measured rate (default
// 5 for quick, 10 for the full bench; for the night, the main run's, default 60, with steps a third as long).
import { runFull } from './full.js';
import { runQuick } from './quick.js';
import { AUCTION_NIGHT, runNight } from './night/scenario.js';
import { printNight } from './night/report.js';

const MODES = ['quick', 'night', 'bids', 'full'] as const;
type Mode = (typeof MODES)[number];
const asked = process.argv[2] ?? (process.env.BENCH_ONLY === 'bids' ? 'bids' : 'full');
if (!MODES.includes(asked as Mode)) {
  console.error(`npm run bench -- <mode>: one of ${MODES.join(', ')} (none: full)`);
  process.exit(2);
}
const mode = asked as Mode;
const seconds = process.env.BENCH_SECONDS === undefined ? undefined : Number(process.env.BENCH_SECONDS);
/** Offered bid rates stepped up after the night's own 300/s run, each held for a third of its length. */
const NIGHT_STEPS = [25, 50, 100, 150, 200, 300, 450, 600, 800, 1000, 1300, 1600, 2000];

// BENCH_TRACING (quick only): off (default), on (OpenTelemetry in every process, exporting to a local sink), or compare
// (off, then on, in one run).
const tracing = process.env.BENCH_TRACING ?? 'off';
if (!['off', 'on', 'compare'].includes(tracing)) {
  console.error('BENCH_TRACING: off, on or compare');
  process.exit(2);
}
if (mode === 'quick') {
  if (tracing !== 'on') await runQuick(seconds ?? 5, false);
  if (tracing !== 'off') await runQuick(seconds ?? 5, true);
}
if (mode === 'bids' || mode === 'full') await runFull(mode, seconds ?? 10);
if (mode === 'night' || mode === 'full') {
  const nightSeconds = mode === 'night' ? (seconds ?? AUCTION_NIGHT.seconds) : AUCTION_NIGHT.seconds;
  printNight(await runNight({ ...AUCTION_NIGHT, seconds: nightSeconds }, NIGHT_STEPS, Math.round(nightSeconds / 3)));
}
