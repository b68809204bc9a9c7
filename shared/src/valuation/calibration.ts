// Honest uncertainty: the stated range and confidence are read off the model's own measured errors. Cross-validation
// on the training data (never the same car on both sides) records, for every held-out price, how much comparable
// evidence the model had and how far off it was; cells of like evidence then give the 10th and 90th percentile of
// the error (so about 80 % of real prices fall inside the range) and the share that landed within 20 %.

export type PriceGroup = 'auction' | 'asking' | 'wholesale';

/** Evidence levels: total comparable weight at or above each edge; "prior" when no comparable is near enough. */
export const EVIDENCE_EDGES = [0.25, 1, 3, 8] as const;
export type EvidenceLevel = 'prior' | 0 | 1 | 2 | 3 | 4;

export function evidenceLevel(anyComparable: boolean, weight: number): EvidenceLevel {
  if (!anyComparable) return 'prior';
  return EVIDENCE_EDGES.filter((e) => weight >= e).length as 0 | 1 | 2 | 3 | 4;
}

export interface CalibrationCell {
  n: number;
  /** Percentiles of log(real price / estimate). */
  q10: number;
  q90: number;
  within10: number;
  within20: number;
}

export interface Calibration {
  cells: Record<string, CalibrationCell>;
}

export interface HeldOutError {
  group: PriceGroup;
  trimGiven: boolean;
  level: EvidenceLevel;
  logError: number;
}

const LEVELS: EvidenceLevel[] = ['prior', 0, 1, 2, 3, 4];
const MIN_CELL = 25;

function quantile(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

function cellOf(errors: readonly number[]): CalibrationCell {
  const s = [...errors].sort((a, b) => a - b);
  const within = (p: number) => errors.filter((e) => Math.abs(Math.expm1(e)) <= p).length / errors.length;
  return {
    n: errors.length,
    q10: quantile(s, 0.1),
    q90: quantile(s, 0.9),
    within10: within(0.1),
    within20: within(0.2),
  };
}

export const cellKey = (group: PriceGroup | 'any', trimGiven: boolean, level: EvidenceLevel) =>
  `${group}|${trimGiven}|${level}`;

/**
 * One cell per (kind of price, trim given, evidence level). A cell with too few errors borrows from all kinds at
 * that level, then from the next richer or richer level; less evidence never gets a narrower range or more confidence.
 */
export function buildCalibration(errors: readonly HeldOutError[]): Calibration {
  const pick = (f: (e: HeldOutError) => boolean) => errors.filter(f).map((e) => e.logError);
  const cells: Record<string, CalibrationCell> = {};
  for (const group of ['auction', 'asking', 'wholesale', 'any'] as const) {
    for (const trimGiven of [true, false]) {
      let richer: CalibrationCell | undefined;
      for (const level of [...LEVELS].reverse()) {
        const candidates = [
          pick((e) => (group === 'any' || e.group === group) && e.trimGiven === trimGiven && e.level === level),
          pick((e) => e.trimGiven === trimGiven && e.level === level),
          pick((e) => e.level === level),
        ];
        const errs = candidates.find((c) => c.length >= MIN_CELL) ?? candidates[2]!;
        let cell = errs.length ? cellOf(errs) : richer;
        if (!cell) continue;
        // Walking from rich to thin evidence: a thinner cell is at least as wide and at most as confident.
        if (richer) {
          cell = {
            ...cell,
            q10: Math.min(cell.q10, richer.q10),
            q90: Math.max(cell.q90, richer.q90),
            within10: Math.min(cell.within10, richer.within10),
            within20: Math.min(cell.within20, richer.within20),
          };
        }
        cells[cellKey(group, trimGiven, level)] = cell;
        richer = cell;
      }
    }
  }
  return { cells };
}

export function calibrationCell(
  c: Calibration,
  group: PriceGroup,
  trimGiven: boolean,
  level: EvidenceLevel,
): CalibrationCell | undefined {
  return c.cells[cellKey(group, trimGiven, level)] ?? c.cells[cellKey('any', trimGiven, level)];
}
