import { describe, expect, it } from 'vitest';
import {
  DigestSettingsSchema,
  PushSubscriptionBodySchema,
  digestMail,
  isPushKind,
  pushEndpointProblem,
  pushMessage,
} from '../src/index.js';

describe('push endpoints', () => {
  it('allows https to a named host only', () => {
    expect(pushEndpointProblem('https://fcm.googleapis.com/fcm/send/abc', false)).toBeNull();
    expect(pushEndpointProblem('https://updates.push.services.mozilla.com/wpush/v2/x', false)).toBeNull();
    for (const [url, why] of [
      ['http://push.example.com/x', 'is not https'],
      ['https://10.1.2.3/x', 'names an address, not a host'],
      ['https://[fd00::1]/x', 'names an address, not a host'],
      ['https://localhost/x', 'names a local host'],
      ['https://printer.local/x', 'names a local host'],
      ['https://intranet/x', 'names a local host'],
      ['https://a:b@push.example.com/x', 'carries credentials'],
      ['not a url', 'is not a URL'],
      [`https://push.example.com/${'x'.repeat(1000)}`, 'is too long'],
    ] as const)
      expect(pushEndpointProblem(url, false), url).toBe(why);
  });

  it('allows plain http to 127.0.0.1 only when asked (tests), and nothing else local even then', () => {
    expect(pushEndpointProblem('http://127.0.0.1:4000/push', false)).toBe('is not https');
    expect(pushEndpointProblem('http://127.0.0.1:4000/push', true)).toBeNull();
    expect(pushEndpointProblem('http://localhost:4000/push', true)).toBe('is not https');
    expect(pushEndpointProblem('http://10.0.0.1/push', true)).toBe('is not https');
  });

  it('reads a browser subscription with keys of the right sizes', () => {
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
    expect(PushSubscriptionBodySchema.safeParse({ endpoint: 'https://x.example/y', keys }).success).toBe(true);
    expect(
      PushSubscriptionBodySchema.safeParse({ endpoint: 'https://x.example/y', keys: { ...keys, auth: 'A'.repeat(21) } })
        .success,
    ).toBe(false);
    expect(
      PushSubscriptionBodySchema.safeParse({ endpoint: 'https://x.example/y', keys: { ...keys, p256dh: 'A+/=' } })
        .success,
    ).toBe(false);
  });

  it('pushes outbid, won, sold, watch-ending, alert and saved-search notices; its message opens the notice link', () => {
    expect(
      ['outbid', 'won', 'sold', 'watch-ending', 'alert', 'saved-search'].every((k) => isPushKind(k as never)),
    ).toBe(true);
    expect(isPushKind('escrow')).toBe(false);
    expect(isPushKind('watch-ended')).toBe(false);
    expect(pushMessage({ id: 3, text: 'Outbid', link: '/listing/9' })).toEqual({
      title: 'CarBid',
      body: 'Outbid',
      url: '/listing/9',
      tag: 'notice-3',
    });
  });
});

describe('the daily digest', () => {
  const listing = { auctionId: 7, title: '2019 Audi <RS6>', price: '12500.00', endTime: '2026-05-01T18:30:00.000Z' };
  it('is one mail with a section per kind, escaped, and none when every section is empty', () => {
    const mail = digestMail({
      name: 'Ann',
      sections: [
        { id: 'watchlist', heading: 'On your watchlist', listings: [listing] },
        { id: 'most-watched', heading: 'Most watched', listings: [] },
      ],
      publicUrl: 'https://carbid.example/',
      unsubscribeUrl: 'https://carbid.example/unsubscribe?token=t',
    });
    expect(mail?.subject).toBe('1 auction ending in the next 24 hours');
    expect(mail?.text).toContain('On your watchlist\n- 2019 Audi <RS6>: $12,500, ends 2026-05-01 18:30 UTC');
    expect(mail?.text).toContain('https://carbid.example/listing/7');
    expect(mail?.text).not.toContain('Most watched');
    expect(mail?.html).toContain('2019 Audi &lt;RS6&gt;');
    expect(
      digestMail({
        name: 'Ann',
        sections: [{ id: 'watchlist', heading: 'x', listings: [] }],
        publicUrl: 'x',
        unsubscribeUrl: 'y',
      }),
    ).toBeNull();
  });

  it('takes an hour of the day and an IANA time zone', () => {
    expect(DigestSettingsSchema.safeParse({ enabled: true, hour: 23, timeZone: 'America/New_York' }).success).toBe(
      true,
    );
    expect(DigestSettingsSchema.safeParse({ enabled: true, hour: 7, timeZone: 'UTC' }).success).toBe(true);
    expect(DigestSettingsSchema.safeParse({ enabled: true, hour: 7, timeZone: 'Nowhere/City' }).success).toBe(false);
    expect(DigestSettingsSchema.safeParse({ enabled: true, hour: -1, timeZone: 'UTC' }).success).toBe(false);
  });
});
