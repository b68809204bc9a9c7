import { describe, expect, it } from 'vitest';
import {
  EMAIL_CHANGE_LINK_EXPIRED,
  EMAIL_CHANGE_LINK_INVALID,
  EMAIL_CHANGE_LINK_USED,
  EMAIL_CHANGE_TAKEN,
  RESET_LINK_EXPIRED,
  RESET_LINK_INVALID,
  RESET_LINK_USED,
  SECOND_FACTOR_MAX_FAILURES,
  candidateSteps,
  classifyCode,
  decideEmailChange,
  decideReset,
  resetMail,
  resetMailAllowed,
  secondFactorAllowed,
  totpStep,
} from '../src/index.js';

const at = (iso: string) => new Date(iso);
const created = at('2026-11-27T10:00:00Z');

describe('a password reset link', () => {
  const link = { userId: 7, createdAt: created, usedAt: null };
  it('works until 30 minutes have passed, then never', () => {
    expect(decideReset(link, at('2026-11-27T10:29:59.999Z')).ok).toBe(true);
    expect(decideReset(link, at('2026-11-27T10:30:00Z'))).toEqual({
      ok: false,
      refusal: { code: 'invalid', message: RESET_LINK_EXPIRED },
    });
  });
  it('works once', () => {
    const used = decideReset({ ...link, usedAt: at('2026-11-27T10:01:00Z') }, at('2026-11-27T10:02:00Z'));
    expect(used).toEqual({ ok: false, refusal: { code: 'invalid', message: RESET_LINK_USED } });
  });
  it('is invalid when unknown or for an address without an account', () => {
    expect(decideReset(null, created)).toEqual({
      ok: false,
      refusal: { code: 'invalid', message: RESET_LINK_INVALID },
    });
    expect(decideReset({ ...link, userId: null }, created).ok).toBe(false);
  });
  it('is mailed to one address at most three times an hour', () => {
    expect([0, 1, 2, 3, 4].map(resetMailAllowed)).toEqual([true, true, true, false, false]);
  });
  it('mail says how long it works and that every session ends', () => {
    const m = resetMail({ name: 'Ann', link: 'https://x.test/reset-password?token=t', siteUrl: 'https://x.test' });
    expect(m.text).toContain('30 minutes');
    expect(m.text).toContain('every session');
    expect(m.link).toBe('https://x.test/reset-password?token=t');
  });
});

describe('an e-mail change link', () => {
  const link = {
    createdAt: created,
    usedAt: null,
    addressNow: 'old@example.test',
    oldEmail: 'old@example.test',
    newEmailTaken: false,
  };
  const refusal = (message: string, code = 'invalid') => ({ ok: false, refusal: { code, message } });
  it('moves the account within 24 hours, once, while the new address is free', () => {
    expect(decideEmailChange(link, at('2026-11-28T09:59:59Z')).ok).toBe(true);
    expect(decideEmailChange(link, at('2026-11-28T10:00:00Z'))).toEqual(refusal(EMAIL_CHANGE_LINK_EXPIRED));
    expect(decideEmailChange({ ...link, usedAt: created }, created)).toEqual(refusal(EMAIL_CHANGE_LINK_USED));
    expect(decideEmailChange({ ...link, newEmailTaken: true }, created)).toEqual(
      refusal(EMAIL_CHANGE_TAKEN, 'conflict'),
    );
  });
  it('is dead once the account moved to another address meanwhile', () => {
    expect(decideEmailChange({ ...link, addressNow: 'other@example.test' }, created)).toEqual(
      refusal(EMAIL_CHANGE_LINK_INVALID),
    );
  });
});

describe('the second factor', () => {
  it('accepts codes from one step either side of now, nearest first', () => {
    expect(candidateSteps(100, null)).toEqual([100, 99, 101]);
  });
  it('never accepts a step at or before the last one used (a code works once)', () => {
    expect(candidateSteps(100, 99)).toEqual([100, 101]);
    expect(candidateSteps(100, 100)).toEqual([101]);
    expect(candidateSteps(100, 101)).toEqual([]);
  });
  it('steps are 30 seconds of Unix time', () => {
    expect(totpStep(59_000)).toBe(1);
    expect(totpStep(60_000)).toBe(2);
  });
  it('checks at most five wrong codes in the window', () => {
    expect(secondFactorAllowed(SECOND_FACTOR_MAX_FAILURES - 1)).toBe(true);
    expect(secondFactorAllowed(SECOND_FACTOR_MAX_FAILURES)).toBe(false);
  });
  it('tells an app code from a recovery code, ignoring dashes, spaces and case', () => {
    expect(classifyCode(' 123 456 ')).toEqual({ kind: 'totp', code: '123456' });
    expect(classifyCode('K3F9Q-2M7XA')).toEqual({ kind: 'recovery', code: 'k3f9q2m7xa' });
  });
});
