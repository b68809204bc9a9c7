import { expect, it } from 'vitest';
import { CreateCarBodySchema, MODEL_YEAR_MIN, modelYearMax, modelYearProblem, modelYears } from '../src/index.js';

it('takes model years from 1900 to next year, read from the date', () => {
  const nov2026 = new Date('2026-11-27T00:00:00Z');
  expect(modelYearMax(nov2026)).toBe(2027);
  expect(modelYearMax(new Date('2030-01-01T00:00:00Z'))).toBe(2031);
  const years = modelYears(nov2026);
  expect(years[0]).toBe(2027);
  expect(years.at(-1)).toBe(MODEL_YEAR_MIN);
  expect(years).toContain(2025);
  expect(years).toContain(1965);
  expect(years).toHaveLength(2027 - 1900 + 1);
  expect([1899, 1900, 2027, 2028].map((y) => modelYearProblem(y, nov2026))).toEqual([
    'Model year must be 1900 or later',
    null,
    null,
    'Model year must be 2027 or earlier',
  ]);
  expect(modelYearProblem(2020.5, nov2026)).toBe('Model year must be a whole year');
});

it("the car contract checks the year by the same rule on today's date", () => {
  const year = (y: number) =>
    CreateCarBodySchema.pick({ year: true }).safeParse({ year: y }).error?.issues[0]?.message ?? null;
  const next = new Date().getUTCFullYear() + 1;
  expect(year(next)).toBeNull();
  expect(year(1900)).toBeNull();
  expect(year(next + 1)).toBe(`Model year must be ${next} or earlier`);
  expect(year(1899)).toBe('Model year must be 1900 or later');
});
