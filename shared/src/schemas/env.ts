// Each process's environment, parsed once at start by one loader. A bad value stops the process with the variable's
// name; every variable is listed with a comment in .env.example.
import { z } from 'zod';
import { DEFAULT_SWEEP_EVERY_MS } from '../constants.js';
import { DEVELOPMENT_WEBHOOK_SECRET, MAIL_CATCHER, productionRefusals } from './production-env.js';

const csv = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
);
const bool = z.enum(['true', 'false']).transform((v) => v === 'true');
const port = z.coerce.number().int().min(0).max(65535);

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * What every process and command needs: its stores, and whether this is a production deployment. Production refuses
 * unsafe defaults (production-env.ts) and never makes demo data; an unknown NODE_ENV (a typo of "production") is refused
 * rather than taken for development.
 */
export const StoresEnvSchema = z.object({
  NODE_ENV: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/auction'),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
});

/** What every server process needs: its stores and how loudly to log. */
export const CoreEnvSchema = StoresEnvSchema.extend({
  REDIS_PREFIX: z.string().min(1).default('auction:'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** JSON lines, or readable lines for a terminal. */
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  /** Bearer token a Prometheus scraper sends to /metrics; empty: only an admin session may read the API's. */
  METRICS_TOKEN: z.string().default(''),
  /** The longest one SQL statement may run (lock waits included) before Postgres cancels it; 0 turns the limit off. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
});

/**
 * Which proxies to believe about the client's address and protocol (X-Forwarded-For, -Proto). Off unless set: a hop
 * count ("1" behind one load balancer) or a comma-separated list of proxy addresses or CIDR ranges. Trusting every
 * sender is not offered: any client could then choose its own address.
 */
const trustProxy = z
  .string()
  .default('')
  .transform((v, ctx): false | number | string[] => {
    const s = v.trim();
    if (s === '' || s === 'false') return false;
    if (/^\d{1,2}$/.test(s)) return Number(s);
    if (s === 'true') {
      ctx.addIssue({
        code: 'custom',
        message: 'name a hop count or the proxies addresses; "true" would trust any client',
      });
      return z.NEVER;
    }
    return s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
  });

/** Multiplies the protective limits (not the spec's own); load tests, which come from one address, raise it. */
const rateLimitScale = z.coerce.number().positive().max(1_000_000).default(1);

export const ApiEnvSchema = CoreEnvSchema.extend({
  TRUST_PROXY: trustProxy,
  PORT: port.default(3000),
  HOST: z.string().default('0.0.0.0'),
  REALTIME_PORT: port.default(3001),
  /**
   * Where browsers reach the gateway: empty means the page's own host on REALTIME_PORT; "/" means the page's own origin
   * (a balancer in front routes /socket.io/ to the gateways); otherwise an absolute http(s) URL.
   */
  PUBLIC_REALTIME_URL: z
    .string()
    .default('')
    .refine(
      (v) => v === '' || v === '/' || /^https?:\/\/[^/]+/.test(v),
      'must be empty, "/" or an absolute http(s) URL',
    ),
  /** Origins allowed to write and to open sockets; by default the app's own address on PORT. */
  APP_ORIGINS: csv.optional(),
  /** Mark session cookies Secure (the site is served over https). */
  COOKIE_SECURE: bool.default(false),
  /** Production without Secure cookies, for a deployment reached only over plain http (a machine's own localhost). */
  ALLOW_INSECURE_COOKIES: bool.default(false),
  /** Built web app served on the same origin; empty disables static serving. */
  WEB_DIST_DIR: z.string().default(''),
  /** Where seller photos are stored; relative paths are from the working directory. */
  UPLOAD_DIR: z.string().min(1).default('var/uploads'),
  /** Which PaymentProvider takes escrow payments: the built-in sandbox moves no money (docs/escrow.md: adding Stripe). */
  PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** The secret the provider signs its webhook deliveries with; the sandbox's default is for development only. */
  PAYMENT_WEBHOOK_SECRET: z.string().min(16).default(DEVELOPMENT_WEBHOOK_SECRET),
  /** Where the offline VIN decoder's database is unpacked on first use; relative paths are from the working directory. */
  VIN_DB_PATH: z.string().min(1).default('var/vin-decoder/vpic.lite.db'),
  /** Who writes vehicle history reports: `platform` (this marketplace's records plus labelled sample data) or `fixture` (a fixed report, for tests and demos). */
  HISTORY_PROVIDER: z.enum(['platform', 'fixture']).default('platform'),
  /** How long a history report is served from the cache before it is asked for again. */
  HISTORY_CACHE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 86_400)
    .default(3600),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** The longest a request may wait on Postgres or Redis before it is answered 503 with Retry-After (uploads get 6x). */
  REQUEST_DEADLINE_MS: z.coerce.number().int().min(100).max(120_000).default(4000),
  /** Refuse (500) an answer carrying a field its response schema does not declare, instead of dropping it: for tests. */
  STRICT_RESPONSES: bool.default(false),
  /** Multiplies the protective rate limits (not the spec's own, such as chat's 5 in 10 s); load tests raise it. */
  RATE_LIMIT_SCALE: rateLimitScale,
});
export type ApiConfig = Omit<z.infer<typeof ApiEnvSchema>, 'APP_ORIGINS'> & { APP_ORIGINS: string[] };

export const RealtimeEnvSchema = CoreEnvSchema.extend({
  REALTIME_PORT: port.default(3001),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_ORIGINS: csv.default(['http://localhost:3000', 'http://127.0.0.1:3000']),
  /** As the API's: the proxies whose X-Forwarded-For gives the client's address (for the cap on sockets per address). */
  TRUST_PROXY: trustProxy,
  RATE_LIMIT_SCALE: rateLimitScale,
});
export type RealtimeConfig = z.infer<typeof RealtimeEnvSchema>;

export const WorkersEnvSchema = CoreEnvSchema.extend({
  /**
   * How often overdue auctions are looked for in Postgres. Close jobs close on time; this backstop catches a close that
   * failed while a store was away, so it runs often enough to close it within seconds (one indexed query per run).
   */
  SWEEP_EVERY_MS: z.coerce.number().int().min(100).default(DEFAULT_SWEEP_EVERY_MS),
  /** The workers' own small HTTP server: GET /healthz, and /metrics with METRICS_TOKEN. 0 turns it off. */
  WORKERS_PORT: port.default(3002),
  HOST: z.string().min(1).default('0.0.0.0'),
  /**
   * Where notices are mailed (smtp://user:pass@host:587, smtps://...); "catcher": an embedded development mail catcher,
   * which is also what an empty value means outside production.
   */
  SMTP_URL: z
    .string()
    .default('')
    .refine(
      (v) => v === '' || v === MAIL_CATCHER || /^smtps?:\/\//.test(v),
      `must be an smtp:// or smtps:// URL, "${MAIL_CATCHER}" or empty`,
    ),
  MAIL_FROM: z.string().min(3).default('CarBid <notices@carbid.example>'),
  /** The site's address, for the links in mails. */
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
});
export type WorkersConfig = z.infer<typeof WorkersEnvSchema>;

/** Whether the workers run the embedded development mail catcher for this SMTP_URL. */
export const usesMailCatcher = (smtpUrl: string) => smtpUrl === '' || smtpUrl === MAIL_CATCHER;

/**
 * A setting a process cannot start with. Its message names the variable and what to set, one line per problem, so the
 * process prints it alone and exits 1 (no stack trace for a configuration mistake).
 */
export class EnvError extends Error {
  override name = 'EnvError';
}

/**
 * The one config loader: parses an environment with a schema above, or throws an EnvError naming every bad variable,
 * or, with NODE_ENV=production, every unsafe default the process would otherwise run with.
 */
export function parseEnv<S extends z.ZodType>(schema: S, env: Record<string, string | undefined>): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const bad = parsed.error.issues.map((i) => `${i.path.join('.')} (${i.message})`).join(', ');
    throw new EnvError(`Invalid environment variable ${bad}`);
  }
  const refusals = productionRefusals(parsed.data as Record<string, unknown>);
  if (refusals.length > 0) throw new EnvError(refusals.join('\n'));
  return parsed.data;
}

/** The API's configuration: its environment, with the allowed origins following PORT unless they are set. */
export function parseApiEnv(env: Record<string, string | undefined>): ApiConfig {
  const c = parseEnv(ApiEnvSchema, env);
  return { ...c, APP_ORIGINS: c.APP_ORIGINS ?? [`http://localhost:${c.PORT}`, `http://127.0.0.1:${c.PORT}`] };
}
