import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTICE_MAIL_WINDOW_MS,
  WATCH_ENDING_MAIL_WINDOW_MAX_MS,
  mailWindowKey,
  mailWindowsFor,
  windowMail,
} from '../src/index.js';

describe('which notices wait for a window mail', () => {
  it('outbid and alert notices wait per member and auction; "ending soon" per member; the rest are mailed alone', () => {
    expect(mailWindowKey({ userId: 1, kind: 'outbid', auctionId: 7 })).toEqual({
      userId: 1,
      kind: 'outbid',
      scope: 'auction:7',
      auctionId: 7,
    });
    expect(mailWindowKey({ userId: 1, kind: 'alert', auctionId: 7 })?.scope).toBe('auction:7');
    expect(mailWindowKey({ userId: 1, kind: 'watch-ending', auctionId: 7 })).toEqual({
      userId: 1,
      kind: 'watch-ending',
      scope: 'all',
      auctionId: null,
    });
    for (const kind of ['won', 'sold', 'reserve-not-met', 'unsold', 'watch-ended', 'escrow', 'saved-search'] as const)
      expect(mailWindowKey({ userId: 1, kind, auctionId: 7 })).toBeNull();
  });

  it('twenty outbids of one member on one auction in a batch are one window gaining twenty notices', () => {
    const notices = Array.from({ length: 20 }, () => ({ userId: 3, kind: 'outbid' as const, auctionId: 9 }));
    expect(mailWindowsFor(notices, DEFAULT_NOTICE_MAIL_WINDOW_MS)).toEqual([
      { userId: 3, kind: 'outbid', scope: 'auction:9', auctionId: 9, windowMs: 600_000, notices: 20 },
    ]);
  });

  it('keeps members, kinds and auctions apart, in key order (the lock order of every writer)', () => {
    const windows = mailWindowsFor(
      [
        { userId: 5, kind: 'outbid', auctionId: 2 },
        { userId: 4, kind: 'watch-ending', auctionId: 8 },
        { userId: 4, kind: 'outbid', auctionId: 2 },
        { userId: 4, kind: 'watch-ending', auctionId: 9 },
        { userId: 4, kind: 'outbid', auctionId: 10 },
        { userId: 4, kind: 'won', auctionId: 2 },
        { userId: 4, kind: 'alert', auctionId: 2 },
      ],
      120_000,
    );
    expect(windows.map((w) => [w.userId, w.kind, w.scope, w.notices, w.windowMs])).toEqual([
      [4, 'alert', 'auction:2', 1, 120_000],
      [4, 'outbid', 'auction:10', 1, 120_000],
      [4, 'outbid', 'auction:2', 1, 120_000],
      [4, 'watch-ending', 'all', 2, WATCH_ENDING_MAIL_WINDOW_MAX_MS],
      [5, 'outbid', 'auction:2', 1, 120_000],
    ]);
  });

  it('an "ending soon" window is never longer than a minute, nor longer than a shorter configured window', () => {
    const w = (ms: number) => mailWindowsFor([{ userId: 1, kind: 'watch-ending', auctionId: 1 }], ms)[0]!.windowMs;
    expect(w(600_000)).toBe(60_000);
    expect(w(5_000)).toBe(5_000);
  });
});

describe('the words of a window mail', () => {
  const outbid = (amount: string) => ({
    text: `You've been outbid on 2022 BMW M4 Competition: ${amount}`,
    link: '/listing/9',
  });

  it('one outbid reads as its notice, with the price when the mail is sent', () => {
    expect(
      windowMail({
        kind: 'outbid',
        notices: [outbid('$61,000')],
        title: '2022 BMW M4 Competition',
        currentBid: '63000.00',
        minutes: 10,
      }),
    ).toEqual({
      subject: "You've been outbid on 2022 BMW M4 Competition: $61,000",
      lines: ["You've been outbid on 2022 BMW M4 Competition: $61,000", 'The current price is $63,000.'],
      link: '/listing/9',
    });
  });

  it('twenty outbids say how often and the current price, in one mail', () => {
    const notices = Array.from({ length: 20 }, (_, i) => outbid(`$${61 + i},000`));
    expect(
      windowMail({ kind: 'outbid', notices, title: '2022 BMW M4 Competition', currentBid: '81000.00', minutes: 5 }),
    ).toEqual({
      subject: "You've been outbid 20 times on 2022 BMW M4 Competition",
      lines: [
        "You've been outbid 20 times on 2022 BMW M4 Competition in the last 5 minutes.",
        'The current price is $81,000.',
      ],
      link: '/listing/9',
    });
    expect(
      windowMail({ kind: 'outbid', notices: notices.slice(0, 2), title: 'X', currentBid: null, minutes: 1 }).lines,
    ).toEqual(["You've been outbid twice on X in the last minute."]);
  });

  it('alerts list the latest ten firings and count the rest', () => {
    const notices = Array.from({ length: 12 }, (_, i) => ({ text: `Firing ${i + 1}`, link: '/listing/4' }));
    const mail = windowMail({ kind: 'alert', notices, title: '2020 Audi A4', currentBid: '20000.00', minutes: 10 });
    expect(mail.subject).toBe('Your alerts on 2020 Audi A4 fired 12 times');
    expect(mail.lines).toEqual([
      'Your alerts on 2020 Audi A4 fired 12 times in the last 10 minutes:',
      ...Array.from({ length: 10 }, (_, i) => `Firing ${i + 3}`),
      '...and 2 earlier.',
      'The current price is $20,000.',
    ]);
  });

  it('watched cars ending together are one mail listing each, sending the member to the dashboard', () => {
    const mail = windowMail({
      kind: 'watch-ending',
      notices: [
        { text: '2020 Audi A4 is ending in 15 minutes', link: '/listing/1' },
        { text: '2019 Kia Rio is ending in 14 minutes', link: '/listing/2' },
      ],
      title: null,
      currentBid: null,
      minutes: 1,
    });
    expect(mail).toEqual({
      subject: '2 cars you watch are ending soon',
      lines: [
        '2 cars you watch are ending soon:',
        '2020 Audi A4 is ending in 15 minutes',
        '2019 Kia Rio is ending in 14 minutes',
      ],
      link: '/dashboard',
    });
    const one = { text: '2020 Audi A4 is ending in 15 minutes', link: '/listing/1' };
    expect(windowMail({ kind: 'watch-ending', notices: [one], title: null, currentBid: null, minutes: 1 })).toEqual({
      subject: one.text,
      lines: [one.text],
      link: '/listing/1',
    });
  });
});
