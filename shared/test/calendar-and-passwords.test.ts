import { describe, expect, it } from 'vitest';
import {
  PASSWORD_TEXTS,
  chosenPasswordProblem,
  isCalendarDate,
  isUtcInstant,
  parseMoneyToCents,
} from '../src/index.js';

describe('dates as a calendar has them', () => {
  it('accepts real days and refuses 30 February, month 13 and year 0 (which Date would roll over or Postgres refuse)', () => {
    for (const day of ['2024-02-29', '2025-12-31', '0001-01-01']) expect(isCalendarDate(day), day).toBe(true);
    for (const day of ['2025-02-29', '2025-02-30', '2025-13-01', '2025-00-10', '0000-01-01', '2025-1-1', ' 2025-01-01'])
      expect(isCalendarDate(day), day).toBe(false);
  });

  it('accepts real instants in UTC to the microsecond and refuses impossible ones', () => {
    for (const at of ['2025-01-31T23:59:59Z', '2025-01-31T23:59:59.123456Z']) expect(isUtcInstant(at), at).toBe(true);
    for (const at of ['2025-02-30T00:00:00Z', '2025-01-01T24:00:00Z', '2025-01-01T10:60:00Z', '2025-01-01T10:00:00'])
      expect(isUtcInstant(at), at).toBe(false);
  });
});

describe('a password a member chooses', () => {
  it('needs 8 characters besides spaces and may not be the address or the part before its @', () => {
    expect(chosenPasswordProblem('a      b', 'x@example.test')).toBe(PASSWORD_TEXTS.tooShort);
    expect(chosenPasswordProblem('  abcdefg  ', 'x@example.test')).toBe(PASSWORD_TEXTS.tooShort);
    expect(chosenPasswordProblem('dealer@example.test', 'Dealer@Example.test')).toBe(PASSWORD_TEXTS.isEmail);
    expect(chosenPasswordProblem('Dealer.Smith', 'dealer.smith@example.test')).toBe(PASSWORD_TEXTS.isEmail);
    expect(chosenPasswordProblem('a long pass phrase', 'dealer@example.test')).toBeNull();
  });
});

describe('money written exactly', () => {
  it('is not an amount with spaces or a line break around it', () => {
    expect(parseMoneyToCents('190000')).toBe(19_000_000);
    for (const text of ['190000\n', ' 190000', '190000 ', '\t5']) expect(parseMoneyToCents(text), text).toBeNull();
  });
});
