// Values one car: the regression's price for it, corrected by its nearest comparables (same family, weighted by how
// alike their trim, model year and mileage are, how much their kind of price is trusted, and how recent they are),
// with a range and confidence read from the model's measured errors for that much evidence.
import { LITTLE_MARKET_DATA_CONFIDENCE } from '../constants.js';
import { marketPriceOf, type MarketKind, type MarketPrice, type PlatformSale } from './market-data.js';
import { decimalYear, describeCar, mileageTerm, UNDATED_ASKING_DATE } from './features.js';
import {
  KIND_TRUST,
  regressionLog,
  type FamilyModel,
  type ReferenceSale,
  type ValuationModel,
} from './fit-valuation-model.js';
import { normaliseCar, trimSimilarity, type CarName } from './car-names.js';
import { priorKnowsFamily, type PriorLookup } from './new-price-prior.js';
import { calibrationCell, evidenceLevel, type EvidenceLevel, type PriceGroup } from './calibration.js';

export interface ValuationSubject {
  year: number;
  make: string;
  model: string;
  trim?: string;
  /** Decoded body style; a convertible or wagon is priced as such even when the trim does not say so. */
  bodyClass?: string | null;
  mileage: number;
}

export interface ComparableUsed extends MarketPrice {
  /** Its price brought to the subject by the model's fitted trim, year, mileage and kind adjustments. */
  adjustedCents: number;
  /** Its share of the comparables' say, 0-1. */
  weight: number;
}

export interface Valuation {
  valueCents: number;
  lowCents: number;
  highCents: number;
  /** Measured share (percent) of held-out prices with this much evidence that landed within 20 % of the estimate. */
  confidence: number;
  /** Comparables with a real say in the estimate. */
  comparablesUsed: number;
  comparables: ComparableUsed[];
  evidence: EvidenceLevel;
  /** Whether the car's trim was known (given, or decoded) and used. */
  trimKnown: boolean;
  /** Why the range is as wide as it is, in words: "3 comparable sales, model years 2021-2023, sold 2025". */
  basis: string;
  /** The new-price prior the estimate starts from, when the market data has no or few sales of the model. */
  newPricePrior: {
    usd: number;
    basis: 'trim' | 'model' | 'make';
    /** Where the figure was published; null for a make's typical price. */
    source: string | null;
    halo: boolean;
    production: number | null;
  } | null;
  /**
   * The estimate rests on a prior alone or on comparables of another trim family: confidence is under
   * LITTLE_MARKET_DATA_CONFIDENCE, and pages say "little market data for this car" rather than show a precise figure.
   */
  littleData: boolean;
  daysToSell: number | null;
  /** base + mileage + condition + market = value, in cents. */
  breakdown: { baseCents: number; mileageCents: number; conditionCents: number; marketCents: number };
}

export interface ValueCarOptions {
  /** ISO date the value is for. */
  asOf: string;
  /** The kind of price to estimate; a valuation is for a sale. */
  kind?: MarketKind;
  /** The marketplace's own closed sales of this family, the best comparables there are. */
  platformSales?: readonly PlatformSale[];
}

/** The regression's own say, in comparable-weight units: how much comparables must agree before they move it. */
const MODEL_WEIGHT = 0.5;
const RECENCY_HALF_LIFE_YEARS = 2;
const SHOWN_COMPARABLES = 10;
/** A comparable with less weight than this barely moves the estimate and is not counted as used. */
const USED_WEIGHT = 0.1;
const EVIDENCE_WEIGHT = 0.05;
/** Reference point for the mileage line of the breakdown only; the mileage slope itself is fitted. */
const TYPICAL_MILES_PER_YEAR = 12_000;

/** Comparables more than this many model years away weigh under 4 % of a same-year one: skipped outright. */
const MAX_YEAR_GAP = 5;

// Mileage is left out of the weights on purpose: each comparable's price is already brought to the subject's miles by
// the fitted slope, and weights that moved with the subject's miles could let more miles raise a value.
export interface WeighingSubject {
  year: number;
  trimTokens: ReadonlySet<string>;
  /** Date valued at, as a decimal year. */
  at: number;
}

export function comparableWeight(
  subject: WeighingSubject,
  sale: Pick<ReferenceSale, 'year' | 'trimTokens' | 'kind' | 'at'>,
): number {
  const yearGap = Math.abs(subject.year - sale.year);
  if (yearGap > MAX_YEAR_GAP) return 0;
  let sim = 0.5;
  if (subject.trimTokens.size > 0) {
    let shared = 0;
    for (const t of sale.trimTokens) if (subject.trimTokens.has(t)) shared += 1;
    const union = subject.trimTokens.size + sale.trimTokens.length - shared;
    sim = shared / union;
    if (sim === 0) return 0;
  }
  return (
    KIND_TRUST[sale.kind] *
    0.5 ** (Math.abs(subject.at - sale.at) / RECENCY_HALF_LIFE_YEARS) *
    sim *
    sim *
    Math.exp(-yearGap / 1.5)
  );
}

/** Trim likeness (shared tokens over all) from which a comparable counts as the same trim family. */
const SAME_TRIM_FAMILY = 1 / 3;

const usd = (n: number) => `${Math.round(n).toLocaleString('en-US')} USD`;

/** What a valuation without sales of its model starts from, in words. */
function priorText(p: PriorLookup): string {
  if (p.basis === 'make')
    return `no sales of this model in the market data and no cited new price for it: only the make's typical new price of ${usd(p.usd)}, depreciated by the fitted curve`;
  if (p.halo)
    return `no sales of this model in the market data; its published new price of ${usd(p.usd)}${p.production ? ` (${p.production.toLocaleString('en-US')} built)` : ''}, on the curve fitted on the limited and halo cars the market data has`;
  return `no sales of this model in the market data; its published new price of ${usd(p.usd)}, depreciated by the fitted curve`;
}

const groupOf = (kind: MarketKind): PriceGroup =>
  kind === 'asking price' ? 'asking' : kind === 'auction sale (wholesale)' ? 'wholesale' : 'auction';

function yearsText(r: { lo: number; hi: number }): string {
  return r.lo === r.hi ? `${r.lo}` : `${r.lo}-${r.hi}`;
}

/** Every trim word a family's sales use, worked out once per family. */
const trimWordsOfFamily = new WeakMap<FamilyModel, Set<string>>();

function familyTrimWords(family: FamilyModel): Set<string> {
  let words = trimWordsOfFamily.get(family);
  if (!words) {
    words = new Set(family.sales.flatMap((s) => s.trimTokens));
    trimWordsOfFamily.set(family, words);
  }
  return words;
}

/**
 * Sellers and VIN decoders often put the trim in the model ("911 Carrera S", "M4 Competition"): when the model as
 * given is no family the model knows, the longest leading part that is one becomes the model and the rest the trim.
 * When that family has sales, every word moved must be a trim word its sales use: otherwise the name is a model of
 * its own that starts like a known one ("Bronco Sport", "Mustang Mach-E"), and read as a Bronco with trim "Sport" it
 * would borrow another model's sales and their confidence. A family known only by its cited price ("SLS" for "SLS
 * AMG") has no sales to borrow, and its estimate rests on that price with a prior's confidence either way.
 */
export function splitModelAndTrim(
  model: ValuationModel,
  car: { make: string; model: string; trim?: string },
): { model: string; trim: string } {
  const known = (n: CarName) =>
    model.families[`${n.make}|${n.family}`] !== undefined || priorKnowsFamily(model.priors, n.make, n.family);
  const trim = car.trim ?? '';
  if (known(normaliseCar(car.make, car.model))) return { model: car.model, trim };
  const words = car.model.trim().split(/\s+/);
  for (let k = words.length - 1; k >= 1; k -= 1) {
    const head = words.slice(0, k).join(' ');
    const rest = words.slice(k).join(' ');
    const n = normaliseCar(car.make, head, rest);
    if (!known(n)) continue;
    const family = model.families[`${n.make}|${n.family}`];
    if (family && !n.trimTokens.every((t) => familyTrimWords(family).has(t))) break;
    return { model: head, trim: `${rest} ${trim}`.trim() };
  }
  return { model: car.model, trim };
}

export function valueCar(model: ValuationModel, car: ValuationSubject, options: ValueCarOptions): Valuation {
  const kind = options.kind ?? 'auction sale';
  const subject = { ...car, ...splitModelAndTrim(model, car) };
  const d = describeCar(subject, kind, options.asOf, model.priors);
  const family = model.families[d.familyKey];
  const base = regressionLog(model, d, subject.year);

  // How long this family's cars took to sell here, from the platform's own sales.
  const platformDays: number[] = [];
  const platform: ReferenceSale[] = (options.platformSales ?? []).flatMap((sale) => {
    const r = { ...sale, ...splitModelAndTrim(model, sale) };
    const pd = describeCar(r, r.kind, r.date, model.priors);
    if (pd.familyKey !== d.familyKey) return [];
    const residual = Math.log(r.priceCents / 100) - regressionLog(model, pd, r.year);
    if (sale.daysToSell !== undefined) platformDays.push(sale.daysToSell);
    return [
      { ...r, trimTokens: pd.name.trimTokens, lmi: pd.lmi, at: decimalYear(r.date ?? UNDATED_ASKING_DATE), residual },
    ];
  });

  const at = decimalYear(options.asOf);
  const s: WeighingSubject = { year: subject.year, trimTokens: new Set(d.name.trimTokens), at };
  // One pass over the family (thousands of rows for the commonest models): sums for the estimate, and the heaviest
  // few kept in a short sorted list for display; nothing is allocated per row.
  const pool = family ? [family.sales, platform] : [platform];
  let total = 0;
  let evidence = 0;
  let residualSum = 0;
  let considered = 0;
  let usedCount = 0;
  let sameTrimFamily = false;
  const usedYears = { lo: Infinity, hi: -Infinity };
  const usedSold = { lo: Infinity, hi: -Infinity };
  const top: { sale: ReferenceSale; w: number }[] = [];
  for (const sales of pool) {
    for (const sale of sales) {
      const w = comparableWeight(s, sale);
      if (w <= 0) continue;
      considered += 1;
      if (!sameTrimFamily)
        sameTrimFamily =
          d.name.trimTokens.length === 0 || trimSimilarity(d.name.trimTokens, sale.trimTokens) >= SAME_TRIM_FAMILY;
      total += w;
      residualSum += w * sale.residual;
      // Evidence counts only comparables with a real say: thousands of ten-year-old wholesale prices, each nearly
      // weightless, must not add up to the confidence of a handful of this year's sales.
      if (w >= EVIDENCE_WEIGHT) evidence += w;
      if (w >= USED_WEIGHT) {
        usedCount += 1;
        usedYears.lo = Math.min(usedYears.lo, sale.year);
        usedYears.hi = Math.max(usedYears.hi, sale.year);
        if (sale.date) {
          const sold = Number(sale.date.slice(0, 4));
          usedSold.lo = Math.min(usedSold.lo, sold);
          usedSold.hi = Math.max(usedSold.hi, sold);
        }
      }
      if (top.length < SHOWN_COMPARABLES || w > top[top.length - 1]!.w) {
        let i = Math.min(top.length, SHOWN_COMPARABLES - 1);
        top[i] = { sale, w };
        while (i > 0 && top[i - 1]!.w < w) {
          top[i] = top[i - 1]!;
          top[i - 1] = { sale, w };
          i -= 1;
        }
      }
    }
  }
  // Each comparable's residual is taken about the family's median rather than its mean (residualSkew).
  const correction = (residualSum - total * (family?.skew ?? 0)) / (total + MODEL_WEIGHT);
  const logValue = base + correction;
  const valueCents = Math.round(Math.exp(logValue) * 100);

  // With no comparable within five model years the regression is extrapolating, and comparables of another trim
  // family (a Carrera for a GT3) say little about this car: both are rated as a bare prior is.
  const level = evidenceLevel(considered > 0 && sameTrimFamily, evidence);
  const cell = model.calibration
    ? calibrationCell(model.calibration, groupOf(kind), d.name.trimTokens.length > 0, level)
    : undefined;
  const q10 = cell?.q10 ?? -0.5;
  const q90 = cell?.q90 ?? 0.5;

  // A bare prior is never stated with the confidence of a measured estimate, whatever its cell measured.
  const measured = Math.max(1, Math.min(99, Math.round((cell?.within20 ?? 0.2) * 100)));
  const confidence = level === 'prior' ? Math.min(measured, LITTLE_MARKET_DATA_CONFIDENCE - 1) : measured;

  const comparables: ComparableUsed[] = top.map(({ sale, w }) => ({
    ...marketPriceOf(sale),
    adjustedCents: Math.round(Math.exp(base + sale.residual) * 100),
    weight: Math.round((w / total) * 1000) / 1000,
  }));

  const basis =
    usedCount > 0
      ? `${usedCount} comparable sale${usedCount > 1 ? 's' : ''}, model years ${yearsText(usedYears)}` +
        (usedSold.lo <= usedSold.hi ? `, ${usedCount > 1 ? 'priced' : 'priced in'} ${yearsText(usedSold)}` : '')
      : considered > 0
        ? `no close comparable sale: ${considered} older or less alike prices (the closest from model years ${yearsText({ lo: Math.min(...top.map((x) => x.sale.year)), hi: Math.max(...top.map((x) => x.sale.year)) })}) weigh in lightly`
        : family
          ? `no comparable sale; the ${subject.make} ${subject.model} regression alone`
          : priorText(d.prior);

  // Breakdown: the regression at typical mileage, the mileage adjustment to this car's miles, then the comparables.
  const typical = { ...d, lmi: mileageTerm(TYPICAL_MILES_PER_YEAR * Math.max(d.age, 0.5)) };
  const baseCents = Math.round(Math.exp(regressionLog(model, typical, subject.year)) * 100);
  const mileageCents = Math.round(Math.exp(base) * 100) - baseCents;
  const days = platformDays.sort((a, b) => a - b);
  return {
    valueCents,
    lowCents: Math.round(valueCents * Math.exp(q10)),
    highCents: Math.round(valueCents * Math.exp(q90)),
    confidence,
    comparablesUsed: usedCount,
    comparables,
    evidence: level,
    trimKnown: d.name.trimTokens.length > 0,
    basis,
    newPricePrior: family
      ? null
      : {
          usd: d.prior.usd,
          basis: d.prior.basis,
          source: d.prior.source,
          halo: d.prior.halo,
          production: d.prior.production,
        },
    littleData: confidence < LITTLE_MARKET_DATA_CONFIDENCE,
    daysToSell: days.length ? days[days.length >> 1]! : null,
    breakdown: { baseCents, mileageCents, conditionCents: 0, marketCents: valueCents - baseCents - mileageCents },
  };
}

/** The trims the market data knows for a model, most common first, in the data's own words: /submit's trim list. */
export function knownTrims(model: ValuationModel, make: string, modelName: string, limit = 40): string[] {
  const named = splitModelAndTrim(model, { make, model: modelName });
  const n = normaliseCar(make, named.model);
  const sales = model.families[`${n.make}|${n.family}`]?.sales ?? [];
  const byKey = new Map<string, Map<string, number>>();
  for (const s of sales) {
    const key = s.trimTokens.join(' ');
    if (!key) continue;
    // The shortest spelling of a trim names it best ("Carrera S" over "Carrera S Coupe 6-Speed").
    const spellings = byKey.get(key) ?? new Map<string, number>();
    spellings.set(s.trim, (spellings.get(s.trim) ?? 0) + 1);
    byKey.set(key, spellings);
  }
  return [...byKey.values()]
    .map((spellings) => {
      const total = [...spellings.values()].reduce((a, b) => a + b, 0);
      const name = [...spellings.keys()].sort((a, b) => a.length - b.length)[0]!;
      return { name, total };
    })
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((t) => t.name);
}
