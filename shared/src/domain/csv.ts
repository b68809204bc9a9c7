// CSV as spreadsheets read it (RFC 4180): a field with a comma, a quote or a line break is quoted, quotes doubled.
// A text that a spreadsheet would run as a formula (=, +, -, @ first) is prefixed with an apostrophe, so an exported
// car description or user name cannot execute anything on the admin's machine.
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | boolean | null | undefined | Date;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
