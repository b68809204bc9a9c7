// npm run eval:valuation: scores the valuation model on market prices it has never seen. The rows are split by car
// (a relisted car never sits on both sides), the model is fitted and calibrated on the training part only, and every
// test row is valued as of its own date and kind of price. Prints median absolute percentage error, the share
// within 10 % and 20 %, and how often the real price fell inside the stated range: overall, by kind and by make.
import {
  fitCalibratedModel,
  normaliseCar,
  splitByCar,
  valueRow,
  median,
  type MarketRow,
  type Valuation,
} from '@app/shared';
import { loadMarketRows } from '../src/market-data.js';

const TEST_SHARE = 0.2;
const SEED = process.env.EVAL_SEED ?? 'holdout';

interface Scored {
  row: MarketRow;
  v: Valuation;
  ape: number;
}

function summarise(label: string, s: readonly Scored[]): string {
  if (s.length === 0) return `${label.padEnd(28)}      0`;
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(7);
  const within = (p: number) => s.filter((x) => x.ape <= p).length / s.length;
  const covered =
    s.filter((x) => x.row.priceCents >= x.v.lowCents && x.row.priceCents <= x.v.highCents).length / s.length;
  const conf = median(s.map((x) => x.v.confidence));
  return `${label.padEnd(28)}${String(s.length).padStart(7)}${pct(median(s.map((x) => x.ape)))}${pct(within(0.1))}${pct(within(0.2))}${pct(covered)}${String(Math.round(conf)).padStart(7)}`;
}

/** The note's yardstick: median price of same-family sales of the same kind within two model years, unadjusted. */
function naiveMedianApe(train: readonly MarketRow[], test: readonly MarketRow[]): number {
  const errs: number[] = [];
  for (const r of test) {
    const n = normaliseCar(r.make, r.model, r.trim);
    const comps = train.filter(
      (c) =>
        c.kind === r.kind &&
        Math.abs(c.year - r.year) <= 2 &&
        normaliseCar(c.make, c.model, c.trim).family === n.family &&
        c.make === r.make,
    );
    if (comps.length) errs.push(Math.abs(median(comps.map((c) => c.priceCents)) / r.priceCents - 1));
  }
  return median(errs);
}

const rows = await loadMarketRows();
const { train, test } = splitByCar(rows, TEST_SHARE, SEED);
const started = performance.now();
const model = fitCalibratedModel(train);
const fitMs = performance.now() - started;
const scored: Scored[] = test.map((row) => {
  const v = valueRow(model, row);
  return { row, v, ape: Math.abs(v.valueCents / row.priceCents - 1) };
});

console.log(
  `market rows ${rows.length}: train ${train.length}, test ${test.length} (split by car, seed "${SEED}"); fit + 5-fold calibration ${(fitMs / 1000).toFixed(1)} s`,
);
console.log(
  `${'held-out rows'.padEnd(28)}${'n'.padStart(7)}${'MdAPE'.padStart(7)}${'<=10%'.padStart(7)}${'<=20%'.padStart(7)}${'inRng'.padStart(7)}${'conf'.padStart(7)}`,
);
console.log(summarise('all', scored));
console.log('by kind');
for (const kind of ['auction sale', 'asking price', 'auction sale (wholesale)'] as const)
  console.log(
    summarise(
      `  ${kind}`,
      scored.filter((s) => s.row.kind === kind),
    ),
  );
console.log('auction sale rows by make');
const auction = scored.filter((s) => s.row.kind === 'auction sale');
for (const make of [...new Set(auction.map((s) => s.row.make))].sort())
  console.log(
    summarise(
      `  ${make}`,
      auction.filter((s) => s.row.make === make),
    ),
  );
console.log('auction sale rows by evidence');
for (const level of ['prior', 0, 1, 2, 3, 4] as const)
  console.log(
    summarise(
      `  evidence ${level}`,
      auction.filter((s) => s.v.evidence === level),
    ),
  );
console.log('auction sale rows valued without their trim');
const noTrim = test
  .filter((r) => r.kind === 'auction sale')
  .map((row) => {
    const v = valueRow(model, row, '');
    return { row, v, ape: Math.abs(v.valueCents / row.priceCents - 1) };
  });
console.log(summarise('  trim withheld', noTrim));
console.log(
  `yardstick, median of same-model sales within two years (auction sale rows): MdAPE ${(
    naiveMedianApe(
      train,
      test.filter((r) => r.kind === 'auction sale'),
    ) * 100
  ).toFixed(1)}%`,
);
