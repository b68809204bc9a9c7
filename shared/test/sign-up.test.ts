import { describe, expect, it } from 'vitest';
import {
  SIGN_UP_ALREADY_DONE,
  SIGN_UP_LINK_EXPIRED,
  SIGN_UP_LINK_HOURS,
  SIGN_UP_LINK_INVALID,
  SIGN_UP_MAILS_PER_HOUR,
  decideConfirmation,
  signUpMail,
} from '../src/index.js';

const created = new Date('2025-03-01T10:00:00Z');
const hours = (h: number) => new Date(created.getTime() + h * 3_600_000);
const fresh = { existingUserId: null, createdAt: created, confirmedAt: null, addressTaken: false };

describe('confirming a sign-up', () => {
  it('confirms a new address within the link lifetime, and not a minute after', () => {
    expect(decideConfirmation(fresh, hours(SIGN_UP_LINK_HOURS))).toEqual({ ok: true });
    expect(decideConfirmation(fresh, hours(SIGN_UP_LINK_HOURS + 1 / 60))).toEqual({
      ok: false,
      refusal: { code: 'invalid', message: SIGN_UP_LINK_EXPIRED },
    });
  });

  it('never confirms an attempt on an address that had an account, and only once otherwise', () => {
    expect(decideConfirmation({ ...fresh, existingUserId: 7 }, hours(0))).toEqual({
      ok: false,
      refusal: { code: 'invalid', message: SIGN_UP_LINK_INVALID },
    });
    expect(decideConfirmation({ ...fresh, confirmedAt: hours(0) }, hours(0))).toEqual({
      ok: false,
      refusal: { code: 'conflict', message: SIGN_UP_ALREADY_DONE },
    });
    expect(decideConfirmation({ ...fresh, addressTaken: true }, hours(0))).toEqual({
      ok: false,
      refusal: { code: 'conflict', message: SIGN_UP_ALREADY_DONE },
    });
  });
});

describe('the sign-up mail', () => {
  const base = {
    ownerName: 'Ada',
    mailedThisHour: 0,
    confirmLink: 'https://carbid.example/confirm-email?token=1.x',
    siteUrl: 'https://carbid.example',
  };

  it('sends a new address its link, and the owner of a taken address a note without one', () => {
    const confirm = signUpMail({ ...base, addressTaken: false })!;
    expect(confirm.subject).toBe('Confirm your email to finish signing up');
    expect(confirm.text).toContain(base.confirmLink);
    expect(confirm.link).toBe(base.confirmLink);
    // Whoever signed up chose the name; the new address's mail carries none of it.
    expect(confirm.text).not.toContain('Ada');
    const note = signUpMail({ ...base, addressTaken: true })!;
    expect(note.subject).toBe('Someone tried to sign up with your email address');
    expect(note.text).not.toContain(base.confirmLink);
    expect(note.link).toBe('https://carbid.example/login');
  });

  it(`sends nothing once the address had ${SIGN_UP_MAILS_PER_HOUR} sign-up mails this hour`, () => {
    expect(signUpMail({ ...base, addressTaken: false, mailedThisHour: SIGN_UP_MAILS_PER_HOUR - 1 })).not.toBeNull();
    expect(signUpMail({ ...base, addressTaken: false, mailedThisHour: SIGN_UP_MAILS_PER_HOUR })).toBeNull();
    expect(signUpMail({ ...base, addressTaken: true, mailedThisHour: SIGN_UP_MAILS_PER_HOUR })).toBeNull();
  });
});
