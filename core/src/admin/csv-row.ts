// CSV lines as spreadsheets read them (RFC 4180, written by csv-stringify). A spreadsheet runs a cell that starts with
// =, +, -, @, a tab or a carriage return as a formula, so csv-stringify's formula escaping puts an apostrophe before
// such a text (numbers keep their sign). Where the decimal comma is used, spreadsheets split lines at ';' instead: a
// text holding ';' is quoted, and every part of it that would start such a cell there gets its apostrophe too, so
// `Bob;=1+1;@SUM(9)` opens as text in either reading. A member's name or a car's description can run nothing.
import { stringify } from 'csv-stringify/sync';

export type CsvValue = string | number | boolean | null | undefined | Date;

/** A ';' followed by what would start a formula in a cell after it (the full-width forms too, as Numbers reads them). */
const FORMULA_AFTER_SEMICOLON = /;(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g;

const OPTIONS = {
  escape_formulas: true,
  // Quoted: a text with ';' (the other separator), and one with spaces at its ends that a reader would trim.
  quoted_match: [/;/, /^\s|\s$/],
  record_delimiter: '\r\n',
  cast: {
    string: (value: string) => value.replace(FORMULA_AFTER_SEMICOLON, ";'"),
    boolean: (value: boolean) => String(value),
    date: (value: Date) => value.toISOString(),
  },
};

export function csvRow(values: readonly CsvValue[]): string {
  return stringify([values.map((v) => v ?? null)], OPTIONS);
}
