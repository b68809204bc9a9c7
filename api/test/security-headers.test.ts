import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeSources } from '../src/plugins/security-headers.js';
import { startTestApp, type TestContext } from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

describe('security headers', () => {
  it('sends a strict CSP that forbids framing and allows the gateway, plus frame and referrer protection, on every answer', async () => {
    for (const url of ['/api/auctions', '/api/no-such-route', '/listing/1']) {
      const res = await ctx.app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toMatch(/connect-src 'self' http:\/\/localhost:3001 ws:\/\/localhost:3001/);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // No HSTS over plain http (COOKIE_SECURE off).
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('tells browsers where the gateway is from configuration, never from the Host header', async () => {
    const res = await ctx.app.inject({
      url: '/api/config',
      headers: { host: 'attacker.example:3000', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.json()).toEqual({ realtimeUrl: null, realtimePort: ctx.config.REALTIME_PORT });
  });

  it('sends HSTS when cookies are Secure', async () => {
    const secure = await startTestApp({}, { COOKIE_SECURE: 'true' });
    try {
      expect(String((await secure.app.inject({ url: '/healthz' })).headers['strict-transport-security'])).toMatch(
        /max-age=\d+/,
      );
    } finally {
      await secure.close();
    }
  });

  it('takes the gateway origins from configuration only', () => {
    expect(
      realtimeSources({ PUBLIC_REALTIME_URL: 'https://rt.example.com', APP_ORIGINS: [], REALTIME_PORT: 3001 }),
    ).toEqual(['https://rt.example.com', 'wss://rt.example.com']);
    expect(
      realtimeSources({ PUBLIC_REALTIME_URL: '', APP_ORIGINS: ['http://127.0.0.1:3000'], REALTIME_PORT: 4001 }),
    ).toEqual(['http://127.0.0.1:4001', 'ws://127.0.0.1:4001']);
  });

  it('collects CSP violation reports from browsers', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/csp-reports',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({ 'csp-report': { 'violated-directive': 'script-src' } }),
    });
    expect(res.statusCode).toBe(204);
    expect(ctx.app.cspReports).toEqual([{ 'csp-report': { 'violated-directive': 'script-src' } }]);
  });

  it('takes reports from the framing page of another site (the frame-ancestors refusals), while every other write from it is refused', async () => {
    ctx.app.cspReports.length = 0;
    for (const origin of ['null', 'https://evil.example']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/csp-reports',
        headers: { origin, 'content-type': 'application/csp-report' },
        payload: JSON.stringify({ 'csp-report': { 'violated-directive': 'frame-ancestors' } }),
      });
      expect(res.statusCode, origin).toBe(204);
      const write = await ctx.app.inject({
        method: 'POST',
        url: '/api/comments',
        headers: { origin },
        payload: { auctionId: 1, content: 'x' },
      });
      expect(write.statusCode, origin).toBe(403);
    }
    expect(ctx.app.cspReports).toHaveLength(2);
  });
});
