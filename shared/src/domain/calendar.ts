// Dates and times from outside, checked as a calendar has them: JavaScript's Date rolls 30 February over to 2 March,
// and Postgres refuses month 13 or year 0 with an error. Pure, so forms, schemas and cursors share one rule.

/** A day that exists, written YYYY-MM-DD (years 0001-9999). */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || s.startsWith('0000')) return false;
  const day = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === s;
}

/** An instant that exists, written in UTC as `2025-01-31T23:59:59Z` with up to six decimals of seconds. */
export function isUtcInstant(s: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?Z$/.exec(s);
  return m !== null && isCalendarDate(m[1]!) && Number(m[2]) < 24 && Number(m[3]) < 60 && Number(m[4]) < 60;
}
