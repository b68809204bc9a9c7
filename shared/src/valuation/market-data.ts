// The market reference data the valuation learns from: one row per real price, parsed from the CSV the server ships.
// Parsing is pure (text in, rows out) so the API, the evaluation script and tests share it; reading the file is theirs.

/** Where a price came from, which decides how much it says about a sale today. */
export const MARKET_KINDS = ['auction sale', 'asking price', 'auction sale (wholesale)', 'platform sale'] as const;
export type MarketKind = (typeof MARKET_KINDS)[number];

/** One price of a car: what a row of the market data, a reference sale of the model and a comparable each carry. */
export interface MarketPrice {
  year: number;
  make: string;
  model: string;
  trim: string;
  /** Unknown for a few auction rows ("no mileage stated"). */
  mileage: number | null;
  priceCents: number;
  kind: MarketKind;
  /** ISO date of the sale or listing; null when the source recorded none. */
  date: string | null;
}

export interface MarketRow extends MarketPrice {
  source: string;
}

/** A sale closed on this marketplace: a market row like any other, with how long its auction ran when known. */
export type PlatformSale = MarketRow & { daysToSell?: number };

/** The price fields alone, for the rows that carry them beside fields of their own. */
export function marketPriceOf(r: MarketPrice): MarketPrice {
  return {
    year: r.year,
    make: r.make,
    model: r.model,
    trim: r.trim,
    mileage: r.mileage,
    priceCents: r.priceCents,
    kind: r.kind,
    date: r.date,
  };
}

const HEADER = 'year,make,model,trim,mileage,price_usd,kind,date,source';

/** Splits one CSV line, honouring double-quoted fields with "" escapes. */
function csvFields(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(field);
      field = '';
    } else field += ch;
  }
  out.push(field);
  return out;
}

function isKind(s: string): s is MarketKind {
  return (MARKET_KINDS as readonly string[]).includes(s);
}

/** Parses `market-prices.csv`; a malformed line is an error, not a silently dropped price. */
export function parseMarketCsv(text: string): MarketRow[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines[0]?.trim() !== HEADER) throw new Error(`market data: expected header "${HEADER}"`);
  return lines.slice(1).map((line, i) => {
    const [year, make, model, trim, mileage, price, kind, date, source] = csvFields(line);
    const row = {
      year: Number(year),
      make: make ?? '',
      model: model ?? '',
      trim: trim ?? '',
      mileage: mileage ? Number(mileage) : null,
      priceCents: Math.round(Number(price) * 100),
      kind: kind ?? '',
      date: date ? (date.length === 4 ? `${date}-07-01` : date) : null,
      source: source ?? '',
    };
    const bad =
      !Number.isInteger(row.year) ||
      !row.make ||
      !row.model ||
      !(row.priceCents > 0) ||
      !isKind(row.kind) ||
      (row.mileage !== null && !(row.mileage >= 0));
    if (bad) throw new Error(`market data: bad line ${i + 2}: ${line}`);
    return { ...row, kind: row.kind as MarketKind };
  });
}
