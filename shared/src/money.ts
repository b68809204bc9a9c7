// Money is integer cents in code and a decimal string ("12345.00") on the wire; never a float.

const DECIMAL = /^(\d{1,8})(?:\.(\d{1,2}))?$/;

/** Largest value numeric(10,2) holds. */
export const MAX_MONEY_CENTS = 99_999_999_99;

/** An amount written exactly (no spaces or line breaks around it: "190000\n" is not an amount), in cents; or null. */
export function parseMoneyToCents(input: string): number | null {
  const m = DECIMAL.exec(input);
  if (!m) return null;
  const whole = Number(m[1]);
  const frac = Number((m[2] ?? '').padEnd(2, '0'));
  return whole * 100 + frac;
}

/** Postgres numeric arrives as a string; this is the one place it becomes cents. */
export function toCents(decimal: string | number): number {
  const cents = parseMoneyToCents(String(decimal));
  if (cents === null) throw new Error(`not a money amount: ${decimal}`);
  return cents;
}

export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`bad cents: ${cents}`);
  const whole = Math.trunc(cents / 100);
  const frac = cents % 100;
  return `${whole}.${String(frac).padStart(2, '0')}`;
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** US dollars, no decimals (spec part 1 section 1). Accepts a decimal string or cents. */
export function formatMoney(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return usd.format(0);
  const cents = parseMoneyToCents(value);
  if (cents === null) return value;
  return formatCents(cents);
}

export function formatCents(cents: number): string {
  // Round half up to whole dollars on integers, so no float rounding mode is involved.
  return usd.format(Math.floor((cents + 50) / 100));
}

/** basis points of an amount, rounded half up to the cent. */
export function percentOfCents(cents: number, bps: number): number {
  return Math.floor((cents * bps + 5000) / 10000);
}

/** A decimal amount kept to its first two significant digits ("1,234,567.89" -> "1200000.00"): a rough figure. */
export function roughDecimal(decimal: string): string {
  const cents = toCents(decimal);
  if (cents <= 0) return centsToDecimal(0);
  const step = 10 ** Math.max(0, Math.floor(Math.log10(cents)) - 1);
  return centsToDecimal(Math.round(cents / step) * step);
}
