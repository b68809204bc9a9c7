// `npm run bench [-- quick | bids]`: the product's hot paths next to the raw limits of the same machine, in one run.
// Without a mode, everything; BENCH_SECONDS sets the length of each rate measured.
import { runFull } from './full.js';
import { runQuick } from './quick.js';

const MODES = ['quick', 'bids', 'full'] as const;
type Mode = (typeof MODES)[number];
const asked = process.argv[2] ?? (process.env.BENCH_ONLY === 'bids' ? 'bids' : 'full');
if (!MODES.includes(asked as Mode)) {
  console.error(`npm run bench -- <mode>: one of ${MODES.join(', ')} (none: full)`);
  process.exit(2);
}
const mode = asked as Mode;

if (mode === 'quick') await runQuick(Number(process.env.BENCH_SECONDS ?? 5));
else await runFull(mode, Number(process.env.BENCH_SECONDS ?? 10));
