// Which model years a car may be listed with, read from the date: makers sell next year's models from the autumn
// before, so the newest listable year is next year's; the oldest takes in real classics. Every year picker and the
// server's check use this one rule, so neither goes stale as the calendar turns.

/** The oldest model year a listing takes: early classics are sold here too. */
export const MODEL_YEAR_MIN = 1900;

/** The newest model year a listing takes on a given date: next year's models are on sale. */
export function modelYearMax(now: Date): number {
  return now.getUTCFullYear() + 1;
}

/** Every listable model year, newest first (what a year picker offers). */
export function modelYears(now: Date): number[] {
  const max = modelYearMax(now);
  return Array.from({ length: max - MODEL_YEAR_MIN + 1 }, (_, i) => max - i);
}

/** Why a model year cannot be listed on a date, or null. */
export function modelYearProblem(year: number, now: Date): string | null {
  if (!Number.isInteger(year)) return 'Model year must be a whole year';
  if (year < MODEL_YEAR_MIN) return `Model year must be ${MODEL_YEAR_MIN} or later`;
  const max = modelYearMax(now);
  return year > max ? `Model year must be ${max} or earlier` : null;
}
