// npm run eval:valuation: scores the valuation model on market prices it has never seen, two ways.
//  1. Split by car (a relisted car never sits on both sides): the model is fitted and calibrated on the training part
//     only, and every test row is valued as of its own date and kind of price.
//  2. Leave one family out: for every model family in the data, the model is fitted on all other families and values
//     every row of that family, as it would a model it has never seen (the cited new price and the make are all it
//     has). Range and confidence come from the calibration of the split's model. Each family of 100 rows or more
//     is held out alone and the smaller ones in 10 groups (one refit each, not 161); EVAL_LOFO=all holds every family
//     out alone, EVAL_LOFO=0 skips it.
//  3. EVAL_CV=1 (instead of 1 and 2): 5-fold cross-validation by car over all rows, scored on every auction sale, each
//     fold's model fitted on the other four; two draws of the folds (EVAL_CV=a,b names them). What changes are chosen
//     on: it scores all 1,550 auction sales, not the few hundred of one split's test side.
// Prints median absolute percentage error, the share within 10 % and 20 %, how often the real price fell inside the
// stated range and the median stated confidence: overall, by kind, by make and by evidence level.
import {
  familyKeyOf,
  fitCalibratedModel,
  fitCoefficients,
  fitValuationModel,
  foldOf,
  normaliseCar,
  splitByCar,
  valueRow,
  median,
  withReferenceSales,
  type MarketRow,
  type Valuation,
} from '@app/shared';
import { loadMarketRows, loadNewPrices } from '@app/infra';

const TEST_SHARE = 0.2;
const SEED = process.env.EVAL_SEED ?? 'holdout';
const CV = process.env.EVAL_CV === '1' ? ['cv-a', 'cv-b'] : (process.env.EVAL_CV?.split(',') ?? []);
const CV_FOLDS = 5;
const LOFO = process.env.EVAL_LOFO ?? 'big';
/** Families this large are held out alone; smaller ones share a refit with others (still whole families). */
const ALONE_ROWS = 100;
const SMALL_GROUPS = 10;

interface Scored {
  row: MarketRow;
  v: Valuation;
  ape: number;
}

const inRange = (x: Scored) => x.row.priceCents >= x.v.lowCents && x.row.priceCents <= x.v.highCents;

function summarise(label: string, s: readonly Scored[]): string {
  if (s.length === 0) return `${label.padEnd(28)}      0`;
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(7);
  const within = (p: number) => s.filter((x) => x.ape <= p).length / s.length;
  const covered = s.filter(inRange).length / s.length;
  const conf = median(s.map((x) => x.v.confidence));
  return `${label.padEnd(28)}${String(s.length).padStart(7)}${pct(median(s.map((x) => x.ape)))}${pct(within(0.1))}${pct(within(0.2))}${pct(covered)}${String(Math.round(conf)).padStart(7)}`;
}

const HEADER = `${'held-out rows'.padEnd(28)}${'n'.padStart(7)}${'MdAPE'.padStart(7)}${'<=10%'.padStart(7)}${'<=20%'.padStart(7)}${'inRng'.padStart(7)}${'conf'.padStart(7)}`;

function report(scored: readonly Scored[]): void {
  console.log(HEADER);
  console.log(summarise('all', scored));
  console.log('by kind');
  for (const kind of ['auction sale', 'asking price', 'auction sale (wholesale)'] as const)
    console.log(
      summarise(
        `  ${kind}`,
        scored.filter((s) => s.row.kind === kind),
      ),
    );
  const auction = scored.filter((s) => s.row.kind === 'auction sale');
  console.log('auction sale rows by make');
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
  console.log('every kind, by what the estimate rests on');
  console.log(
    summarise(
      '  little market data',
      scored.filter((s) => s.v.littleData),
    ),
  );
  console.log(
    summarise(
      '  comparables',
      scored.filter((s) => !s.v.littleData),
    ),
  );
  const confidentlyWrong = scored.filter((s) => s.v.confidence >= 50 && s.ape > 0.5);
  console.log(`rows with confidence 50 or more off by more than 50 %: ${confidentlyWrong.length}`);
  for (const s of confidentlyWrong.slice(0, 10))
    console.log(
      `  ${s.row.year} ${s.row.make} ${s.row.model} ${s.row.trim} (${s.row.kind}): ${s.row.priceCents / 100} valued ${s.v.valueCents / 100}, confidence ${s.v.confidence}`,
    );
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

const score = (row: MarketRow, v: Valuation): Scored => ({ row, v, ape: Math.abs(v.valueCents / row.priceCents - 1) });

const [rows, newPrices] = await Promise.all([loadMarketRows(), loadNewPrices()]);

/** Every auction sale valued by a model fitted on the four folds (by car) it is not in. */
function crossValidated(seed: string): Scored[] {
  const scored: Scored[] = [];
  for (let k = 0; k < CV_FOLDS; k += 1) {
    const m = fitValuationModel(
      rows.filter((r) => foldOf(r, CV_FOLDS, seed) !== k),
      newPrices,
    );
    for (const row of rows.filter((r) => r.kind === 'auction sale' && foldOf(r, CV_FOLDS, seed) === k))
      scored.push(score(row, valueRow(m, row)));
  }
  return scored;
}

if (CV.length > 0) {
  for (const seed of CV) {
    const cv = crossValidated(seed);
    console.log(`5-fold cross-validation by car, folds "${seed}", auction sales (range and confidence uncalibrated)`);
    console.log(HEADER);
    console.log(summarise('auction sale', cv));
    for (const make of [...new Set(cv.map((s) => s.row.make))].sort())
      console.log(
        summarise(
          `  ${make}`,
          cv.filter((s) => s.row.make === make),
        ),
      );
  }
  process.exit(0);
}

const { train, test } = splitByCar(rows, TEST_SHARE, SEED);
const started = performance.now();
const model = fitCalibratedModel(train, newPrices);
const fitMs = performance.now() - started;
const scored = test.map((row) => score(row, valueRow(model, row)));

console.log(
  `market rows ${rows.length}: train ${train.length}, test ${test.length} (split by car, seed "${SEED}"); fit + calibration ${(fitMs / 1000).toFixed(1)} s; ${newPrices.length} cited new prices`,
);
report(scored);
console.log('auction sale rows valued without their trim');
const noTrim = test.filter((r) => r.kind === 'auction sale').map((row) => score(row, valueRow(model, row, '')));
console.log(summarise('  trim withheld', noTrim));
console.log(
  `yardstick, median of same-model sales within two years (auction sale rows): MdAPE ${(
    naiveMedianApe(
      train,
      test.filter((r) => r.kind === 'auction sale'),
    ) * 100
  ).toFixed(1)}%`,
);

if (LOFO !== '0') {
  const sizes = new Map<string, number>();
  for (const r of rows) sizes.set(familyKeyOf(r), (sizes.get(familyKeyOf(r)) ?? 0) + 1);
  const families = [...sizes.keys()].sort();
  const alone = families.filter((f) => LOFO === 'all' || sizes.get(f)! >= ALONE_ROWS);
  const small = families.filter((f) => !alone.includes(f));
  const groupOf = new Map<string, number>([
    ...alone.map((f, i) => [f, i] as const),
    ...small.map((f, i) => [f, alone.length + (i % SMALL_GROUPS)] as const),
  ]);
  const groups = alone.length + Math.min(SMALL_GROUPS, small.length);
  const lofoStarted = performance.now();
  const lofo: Scored[] = [];
  for (let g = 0; g < groups; g += 1) {
    const held = rows.filter((r) => groupOf.get(familyKeyOf(r)) === g);
    const kept = rows.filter((r) => groupOf.get(familyKeyOf(r)) !== g);
    const m = withReferenceSales(
      { ...fitCoefficients(kept, newPrices), calibration: model.calibration },
      kept,
      newPrices,
    );
    for (const row of held) lofo.push(score(row, valueRow(m, row)));
  }
  console.log('');
  console.log(
    `leave one family out: ${families.length} model families, ${small.length === 0 ? 'each held out alone' : `${alone.length} of ${ALONE_ROWS}+ rows held out alone, ${small.length} smaller ones in ${SMALL_GROUPS} groups`}; every row of a family valued by a model fitted without it; ${((performance.now() - lofoStarted) / 1000).toFixed(0)} s`,
  );
  report(lofo);
  // One family can be most of the rows (the wholesale Camrys are 57 %): each family's own median error, and the
  // median of those, say how the model does on a model it has never seen whatever its size.
  const byFamily = new Map<string, number[]>();
  for (const s of lofo) byFamily.set(familyKeyOf(s.row), [...(byFamily.get(familyKeyOf(s.row)) ?? []), s.ape]);
  const familyMedians = [...byFamily.values()].map(median);
  const largest = [...byFamily].sort((a, b) => b[1].length - a[1].length).slice(0, 5);
  console.log(
    `median over the ${familyMedians.length} families of each family's median error: ${(median(familyMedians) * 100).toFixed(1)}%; largest families: ${largest.map(([f, e]) => `${f} ${e.length} rows ${(median(e) * 100).toFixed(1)}%`).join(', ')}`,
  );
}
