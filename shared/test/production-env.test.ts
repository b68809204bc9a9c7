import { describe, expect, it } from 'vitest';
import {
  DEVELOPMENT_CARRIER_SECRET,
  DEVELOPMENT_WEBHOOK_SECRET,
  EnvError,
  RealtimeEnvSchema,
  StoresEnvSchema,
  WorkersEnvSchema,
  parseApiEnv,
  parseEnv,
  publicBaseUrl,
} from '../src/index.js';

const TOKEN = 'a-metrics-token-for-the-scraper';
const SECRET = 'a-webhook-secret-nobody-else-knows';
const SITE = 'https://auctions.example.com';
const safeApi = {
  NODE_ENV: 'production',
  METRICS_TOKEN: TOKEN,
  PAYMENT_WEBHOOK_SECRET: SECRET,
  CARRIER_WEBHOOK_SECRET: 'a-carrier-secret-nobody-else-knows',
  COOKIE_SECURE: 'true',
  PUBLIC_URL: SITE,
};
const safeWorkers = {
  NODE_ENV: 'production',
  PUBLIC_URL: SITE,
  METRICS_TOKEN: TOKEN,
  SMTP_URL: 'smtps://mailer:pw@mail.example.com:465',
};

/** The refusal's lines, or [] when the environment is accepted. */
function refusal(load: () => unknown): string[] {
  try {
    load();
    return [];
  } catch (err) {
    expect(err).toBeInstanceOf(EnvError);
    return (err as Error).message.split('\n');
  }
}

describe('production mode', () => {
  it.each([
    ['PAYMENT_WEBHOOK_SECRET', { PAYMENT_WEBHOOK_SECRET: undefined }, /Set it to the secret your payment provider/],
    ['PAYMENT_WEBHOOK_SECRET', { PAYMENT_WEBHOOK_SECRET: DEVELOPMENT_WEBHOOK_SECRET }, /Set it to/],
    ['CARRIER_WEBHOOK_SECRET', { CARRIER_WEBHOOK_SECRET: undefined }, /Set it to the secret your carrier signs/],
    ['CARRIER_WEBHOOK_SECRET', { CARRIER_WEBHOOK_SECRET: DEVELOPMENT_CARRIER_SECRET }, /Set it to/],
    ['COOKIE_SECURE', { COOKIE_SECURE: undefined }, /Set COOKIE_SECURE=true .* or ALLOW_INSECURE_COOKIES=true/],
    ['COOKIE_SECURE', { COOKIE_SECURE: 'false' }, /Set COOKIE_SECURE=true/],
    ['METRICS_TOKEN', { METRICS_TOKEN: '' }, /Set it to a long random value/],
    ['PUBLIC_URL', { PUBLIC_URL: undefined }, /Set it to the address the public reaches/],
    ['PUBLIC_URL', { PUBLIC_URL: 'http://auctions.example.com' }, /plain http only for a loopback address/],
  ])('stops the API on %s (%o) with one line naming it and what to set', (variable, change, fix) => {
    const lines = refusal(() => parseApiEnv({ ...safeApi, ...change }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${variable} refused \\(NODE_ENV=production\\): it `));
    expect(lines[0]).toMatch(fix);
  });

  it.each([
    ['SMTP_URL', { SMTP_URL: undefined }],
    ['SMTP_URL', { SMTP_URL: '' }],
    ['METRICS_TOKEN', { METRICS_TOKEN: undefined }],
    ['PUBLIC_URL', { PUBLIC_URL: '' }],
  ])('stops the workers on %s (%o) with one line naming it', (variable, change) => {
    const lines = refusal(() => parseEnv(WorkersEnvSchema, { ...safeWorkers, ...change }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${variable} refused \\(NODE_ENV=production\\): it .*\\. Set `));
  });

  it('stops the gateway on an empty METRICS_TOKEN', () => {
    expect(refusal(() => parseEnv(RealtimeEnvSchema, { NODE_ENV: 'production' }))).toEqual([
      expect.stringMatching(/^METRICS_TOKEN refused \(NODE_ENV=production\): it is empty/),
    ]);
  });

  it('names every unsafe default at once, one line each, so one restart fixes them all', () => {
    const lines = refusal(() => parseApiEnv({ NODE_ENV: 'production' }));
    expect(lines.map((l) => l.split(' ')[0])).toEqual([
      'PAYMENT_WEBHOOK_SECRET',
      'CARRIER_WEBHOOK_SECRET',
      'COOKIE_SECURE',
      'PUBLIC_URL',
      'METRICS_TOKEN',
    ]);
  });

  it('accepts the safe settings and the explicit exceptions: insecure cookies for plain http, the mail catcher', () => {
    expect(refusal(() => parseApiEnv(safeApi))).toEqual([]);
    expect(refusal(() => parseApiEnv({ ...safeApi, COOKIE_SECURE: 'false', ALLOW_INSECURE_COOKIES: 'true' }))).toEqual(
      [],
    );
    expect(refusal(() => parseEnv(WorkersEnvSchema, safeWorkers))).toEqual([]);
    expect(refusal(() => parseEnv(WorkersEnvSchema, { ...safeWorkers, SMTP_URL: 'catcher' }))).toEqual([]);
    // A deployment reached only over this machine's own loopback may name itself over plain http.
    expect(refusal(() => parseApiEnv({ ...safeApi, PUBLIC_URL: 'http://127.0.0.1:3000' }))).toEqual([]);
    expect(refusal(() => parseApiEnv({ ...safeApi, PUBLIC_URL: 'http://localhost:8080/' }))).toEqual([]);
    expect(refusal(() => parseEnv(RealtimeEnvSchema, { NODE_ENV: 'production', METRICS_TOKEN: TOKEN }))).toEqual([]);
  });

  it('checks each process only for the variables it reads', () => {
    // The gateway and the workers have no cookies or webhook; the API sends no mail; the commands serve no metrics.
    expect(refusal(() => parseEnv(RealtimeEnvSchema, { NODE_ENV: 'production', METRICS_TOKEN: TOKEN }))).toEqual([]);
    expect(refusal(() => parseEnv(WorkersEnvSchema, safeWorkers))).toEqual([]);
    expect(refusal(() => parseApiEnv({ ...safeApi, SMTP_URL: '' }))).toEqual([]);
    expect(refusal(() => parseEnv(StoresEnvSchema, { NODE_ENV: 'production' }))).toEqual([]);
  });

  it("leaves development and tests with today's defaults", () => {
    for (const NODE_ENV of [undefined, '', 'development', 'test']) {
      expect(refusal(() => parseApiEnv({ NODE_ENV }))).toEqual([]);
      expect(refusal(() => parseEnv(WorkersEnvSchema, { NODE_ENV }))).toEqual([]);
      expect(refusal(() => parseEnv(RealtimeEnvSchema, { NODE_ENV }))).toEqual([]);
    }
  });

  it('refuses an unknown NODE_ENV rather than taking a misspelt "production" for development', () => {
    expect(refusal(() => parseApiEnv({ NODE_ENV: 'prod' }))).toEqual([
      expect.stringMatching(/^Invalid environment variable NODE_ENV/),
    ]);
  });

  it('accepts only an absolute http(s) PUBLIC_URL, and makes links without a trailing slash', () => {
    for (const bad of ['auctions.example.com', 'ftp://x.example', 'https://x.example/?a=1'])
      expect(refusal(() => parseApiEnv({ PUBLIC_URL: bad }))).toEqual([
        expect.stringMatching(/^Invalid environment variable PUBLIC_URL/),
      ]);
    expect(publicBaseUrl(parseApiEnv({ PUBLIC_URL: 'https://x.example/shop/' }))).toBe('https://x.example/shop');
    expect(publicBaseUrl(parseApiEnv({ PORT: '4100' }))).toBe('http://localhost:4100');
  });

  it('accepts only a mail server URL, "catcher" or nothing as SMTP_URL', () => {
    expect(refusal(() => parseEnv(WorkersEnvSchema, { SMTP_URL: 'mail.example.com' }))).toEqual([
      expect.stringMatching(/^Invalid environment variable SMTP_URL/),
    ]);
  });
});

describe('web push in production', () => {
  const keys = { VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`, VAPID_PRIVATE_KEY: 'b'.repeat(43) };
  it('runs without VAPID keys (push is off, logged by the processes), never with half a pair', () => {
    expect(refusal(() => parseApiEnv(safeApi))).toEqual([]);
    expect(
      refusal(() => parseEnv(WorkersEnvSchema, { ...safeWorkers, ...keys, VAPID_SUBJECT: 'mailto:ops@example.com' })),
    ).toEqual([]);
    for (const half of [
      { VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY },
      { VAPID_PRIVATE_KEY: keys.VAPID_PRIVATE_KEY },
      { ...keys },
    ])
      expect(refusal(() => parseEnv(WorkersEnvSchema, { ...safeWorkers, ...half }))).toEqual([
        expect.stringMatching(/^VAPID_PUBLIC_KEY refused \(NODE_ENV=production\): .*Set all three/),
      ]);
  });

  it('refuses the test switch for plain-http push endpoints; development accepts it', () => {
    expect(refusal(() => parseApiEnv({ ...safeApi, PUSH_ALLOW_HTTP_ENDPOINTS: 'true' }))).toEqual([
      expect.stringMatching(/^PUSH_ALLOW_HTTP_ENDPOINTS refused \(NODE_ENV=production\)/),
    ]);
    expect(refusal(() => parseApiEnv({ PUSH_ALLOW_HTTP_ENDPOINTS: 'true' }))).toEqual([]);
  });

  it('refuses malformed keys and subjects in any mode', () => {
    expect(refusal(() => parseApiEnv({ VAPID_PUBLIC_KEY: 'short' }))[0]).toMatch(/VAPID_PUBLIC_KEY/);
    expect(refusal(() => parseApiEnv({ VAPID_SUBJECT: 'http://example.com' }))[0]).toMatch(/VAPID_SUBJECT/);
  });
});
