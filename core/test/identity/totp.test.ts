// RFC 6238 appendix B's SHA-1 test vectors (the secret is the ASCII "12345678901234567890"), the last 6 of their 8 digits.
import { expect, it } from 'vitest';
import { base32Decode, base32Encode, matchTotp, otpauthUri, totpAt } from '../../src/identity/totp.js';

const SECRET = base32Encode(Buffer.from('12345678901234567890'));

it('computes the RFC 6238 codes', () => {
  const vectors: [number, string][] = [
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ];
  for (const [seconds, code] of vectors) expect(totpAt(SECRET, seconds * 1000)).toBe(code);
});

it('round-trips base32 and matches a code one step away but not two', () => {
  expect(base32Decode(SECRET).toString()).toBe('12345678901234567890');
  const step = Math.floor(1234567890 / 30);
  expect(matchTotp(SECRET, '005924', step + 1, null)).toBe(step);
  expect(matchTotp(SECRET, '005924', step + 2, null)).toBeNull();
  expect(matchTotp(SECRET, '005924', step, step)).toBeNull();
  expect(matchTotp(SECRET, '12345', step, null)).toBeNull();
});

it('names the account and issuer in the app link', () => {
  expect(otpauthUri(SECRET, 'a@b.test')).toBe(
    `otpauth://totp/CarBid%3Aa%40b.test?secret=${SECRET}&issuer=CarBid&algorithm=SHA1&digits=6&period=30`,
  );
});
