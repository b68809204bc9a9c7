import { describe, expect, it } from 'vitest';
import {
  AdminAuctionListQuerySchema,
  AdminLoginBodySchema,
  AdminUserListQuerySchema,
  CreateBidAlertBodySchema,
  IdParamsSchema,
  LoginBodySchema,
  PlaceBidBodySchema,
  PostChatMessageBodySchema,
  alertFires,
  extendedEndTime,
  minimumNextBidCents,
  reserveStatus,
} from '../src/index.js';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('bid rules', () => {
  it('takes the starting bid for the first bid and current + 1000 after', () => {
    expect(minimumNextBidCents({ currentBidCents: 0, startingBidCents: 500000, bidCount: 0 })).toBe(500000);
    expect(minimumNextBidCents({ currentBidCents: 600000, startingBidCents: 500000, bidCount: 3 })).toBe(700000);
  });
  it('extends only inside the final 2 minutes, to 2 minutes after the bid', () => {
    const end = 1_000_000_000;
    expect(extendedEndTime(end, end - 30_000)).toBe(end - 30_000 + 120_000);
    expect(extendedEndTime(end, end - 180_000)).toBe(end);
  });
  it('reports the reserve as none, met or not met', () => {
    expect(reserveStatus(null, 5000, 1)).toBe('none');
    expect(reserveStatus(9000, 5000, 1)).toBe('not-met');
    expect(reserveStatus(9000, 9000, 2)).toBe('met');
    expect(reserveStatus(0, 0, 0)).toBe('not-met');
  });
});

describe('alert rules (spec part 2 section 4)', () => {
  const facts = { currentBidCents: 2500000, msLeft: 10 * 60_000, ownerHighestBidCents: null, leaderId: 2, ownerId: 1 };
  it('fires a price target at or above the target', () => {
    expect(alertFires({ alertType: 'priceTarget', priceTargetCents: 2500000, timeThresholdMinutes: 30 }, facts)).toBe(
      true,
    );
    expect(alertFires({ alertType: 'priceTarget', priceTargetCents: 2500001, timeThresholdMinutes: 30 }, facts)).toBe(
      false,
    );
  });
  it('fires time remaining at or below the threshold and above 0', () => {
    expect(alertFires({ alertType: 'timeRemaining', timeThresholdMinutes: 15 }, facts)).toBe(true);
    expect(alertFires({ alertType: 'timeRemaining', timeThresholdMinutes: 5 }, facts)).toBe(false);
    expect(alertFires({ alertType: 'timeRemaining', timeThresholdMinutes: 15 }, { ...facts, msLeft: 0 })).toBe(false);
  });
  it('fires ending soon at 5 minutes or less', () => {
    expect(alertFires({ alertType: 'endingSoon', timeThresholdMinutes: 30 }, { ...facts, msLeft: 5 * 60_000 })).toBe(
      true,
    );
    expect(alertFires({ alertType: 'endingSoon', timeThresholdMinutes: 30 }, facts)).toBe(false);
  });
  it("fires outbid when someone else passes the owner's highest bid", () => {
    expect(
      alertFires({ alertType: 'outbid', timeThresholdMinutes: 30 }, { ...facts, ownerHighestBidCents: 2400000 }),
    ).toBe(true);
    expect(
      alertFires(
        { alertType: 'outbid', timeThresholdMinutes: 30 },
        { ...facts, ownerHighestBidCents: 2400000, leaderId: 1 },
      ),
    ).toBe(false);
  });
});

describe('request schemas', () => {
  it('parses whole-dollar bid amounts into cents and refuses malformed ones, cents and zero', () => {
    expect(PlaceBidBodySchema.parse({ auctionId: 3, amount: '12500' }).amount).toBe(1250000);
    expect(PlaceBidBodySchema.parse({ auctionId: 3, amount: '12500.00' }).amount).toBe(1250000);
    expect(PlaceBidBodySchema.parse({ auctionId: '3', amount: 12500 }).amount).toBe(1250000);
    for (const amount of ['abc', -1, '1.234', 0, '0.00'])
      expect(PlaceBidBodySchema.safeParse({ auctionId: 3, amount }).success).toBe(false);
    expect(messages(PlaceBidBodySchema.safeParse({ auctionId: 3, amount: '75000.55' }))).toEqual([
      'Bids are in whole dollars: enter an amount without cents',
    ]);
    expect(messages(PlaceBidBodySchema.safeParse({ auctionId: 3, amount: 0 }))).toEqual(['A bid must be at least $1']);
  });
  it('refuses ids that are not positive whole numbers', () => {
    for (const id of ['abc', '0', '1.5', '-2']) expect(IdParamsSchema.safeParse({ id }).success).toBe(false);
    expect(IdParamsSchema.parse({ id: '42' }).id).toBe(42);
  });
  it('reads a page number from a query string only when it is a plain whole number from 1', () => {
    for (const schema of [AdminUserListQuerySchema, AdminAuctionListQuerySchema]) {
      expect(schema.parse({}).page).toBe(1);
      expect(schema.parse({ page: '12' }).page).toBe(12);
      for (const page of ['1e3', ' 12 ', '12abc', '0x10', '', '0', '-1', '1.5', '10001', 'true'])
        expect(schema.safeParse({ page }).success, page).toBe(false);
    }
  });

  it('gives the sign-in messages of the spec', () => {
    expect(messages(LoginBodySchema.safeParse({ email: 'x', password: '123' }))).toEqual([
      'Invalid email address',
      'Password must be at least 6 characters',
    ]);
    expect(messages(AdminLoginBodySchema.safeParse({ email: 'x', password: '1234567' }))).toEqual([
      'Please enter a valid email address',
      'Password must be at least 8 characters',
    ]);
  });
  it('trims chat messages and refuses empty or over-long ones', () => {
    expect(PostChatMessageBodySchema.parse({ message: '  hi  ' }).message).toBe('hi');
    expect(PostChatMessageBodySchema.safeParse({ message: '   ' }).success).toBe(false);
    expect(PostChatMessageBodySchema.safeParse({ message: 'x'.repeat(501) }).success).toBe(false);
  });
  it('requires a price target for priceTarget alerts and a listed threshold', () => {
    expect(CreateBidAlertBodySchema.safeParse({ auctionId: 1, alertType: 'priceTarget' }).success).toBe(false);
    expect(
      CreateBidAlertBodySchema.safeParse({ auctionId: 1, alertType: 'timeRemaining', settings: { timeThreshold: 7 } })
        .success,
    ).toBe(false);
    expect(CreateBidAlertBodySchema.parse({ auctionId: 1, alertType: 'endingSoon' }).settings.timeThreshold).toBe(30);
  });
});

describe('VIN validation', () => {
  it('accepts a real North American VIN and refuses a wrong check digit with a clear message', async () => {
    const { VinSchema } = await import('../src/index.js');
    expect(VinSchema.parse(' 1hgcm82633a004352 ')).toBe('1HGCM82633A004352');
    const bad = VinSchema.safeParse('1HGCM82643A004352');
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toBe('VIN check digit is 4, expected 3: please re-check the VIN');
    expect(VinSchema.safeParse('1HGCM82633A00435').error!.issues[0]!.message).toBe('VIN must be 17 characters');
    expect(VinSchema.safeParse('1HGCM82633A00435O').success).toBe(false);
    // European VINs need not carry a check digit.
    expect(VinSchema.safeParse('WP0AB2A99MS123456').success).toBe(true);
  });
});
