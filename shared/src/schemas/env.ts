// Each process's environment, parsed once at start by one loader. A bad value stops the process with the variable's
// name; every variable is listed with a comment in .env.example.
import { z } from 'zod';
import { DEFAULT_SWEEP_EVERY_MS } from '../constants.js';
import { databaseUrlParts } from '../database-url.js';
import { DEFAULT_NOTICE_MAIL_WINDOW_MS } from '../domain/mail-windows.js';
import {
  DEVELOPMENT_CARRIER_SECRET,
  DEVELOPMENT_WEBHOOK_SECRET,
  MAIL_CATCHER,
  productionRefusals,
} from './production-env.js';

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
  /** One server, or several (`h1:5432,h2:5432`) with `target_session_attrs=primary`: the client follows a failover. */
  DATABASE_URL: z
    .string()
    .max(2048)
    .default('postgres://postgres@127.0.0.1:5432/auction')
    .refine((v) => databaseUrlParts(v) !== null, 'must be a postgres:// URL naming one server or several'),
  /**
   * A connection pooler in transaction mode (PgBouncer) in front of the same database; empty: none. The services' queries
   * go through it; LISTEN, the migrations' lock and the command-line tools keep DATABASE_URL (docs/operations.md).
   */
  DATABASE_POOLER_URL: z
    .string()
    .max(2048)
    .default('')
    .refine((v) => v === '' || /^postgres(ql)?:\/\/[^/\s]+\/\S*$/.test(v), 'must be empty or a postgres:// URL'),
  /** The Redis server (`redis://`, or `rediss://` for TLS); with REDIS_SENTINELS only its scheme, credentials and database. */
  REDIS_URL: z
    .string()
    .url()
    .default('redis://127.0.0.1:6379')
    .refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// or rediss:// URL'),
  /** Redis Sentinel: the sentinels (host:port, comma-separated) that name the current master; empty: no Sentinel. */
  REDIS_SENTINELS: z
    .string()
    .max(2000)
    .default('')
    .refine(
      (v) => v === '' || v.split(',').every((h) => /^[A-Za-z0-9.-]+:\d{1,5}$/.test(h.trim())),
      'must list host:port pairs, comma-separated',
    ),
  /** The master's name in the sentinels' configuration. */
  REDIS_MASTER_NAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,100}$/, 'must be a Sentinel master name')
    .default('mymaster'),
});

/**
 * REDIS_URL as every client reads it (infra/src/redis-connection.ts): with REDIS_SENTINELS, the sentinels and the master's
 * name ride along as parameters, so the one string every process passes to its clients carries the whole address.
 */
export function effectiveRedisUrl(c: {
  REDIS_URL: string;
  REDIS_SENTINELS: string;
  REDIS_MASTER_NAME: string;
}): string {
  if (c.REDIS_SENTINELS === '') return c.REDIS_URL;
  const url = new URL(c.REDIS_URL);
  url.searchParams.set(
    'sentinels',
    c.REDIS_SENTINELS.split(',')
      .map((h) => h.trim())
      .join(','),
  );
  url.searchParams.set('name', c.REDIS_MASTER_NAME);
  return url.toString();
}

const emptyOrUrl = z
  .string()
  .max(2048)
  .default('')
  .refine((v) => v === '' || /^https?:\/\/[^/\s]+/.test(v), 'must be empty or an http(s) URL');

/**
 * OpenTelemetry's standard variables, the ones this product documents (the SDK reads them, and any other OTEL_*
 * variable, itself). Tracing is off unless one of them names an exporter or an endpoint (tracingRequested).
 */
export const TracingEnvSchema = z.object({
  /** true: no tracing whatever else is set. */
  OTEL_SDK_DISABLED: z.preprocess((v) => (v === '' ? undefined : v), bool.default(false)),
  /** Where spans go: otlp, console, zipkin or none (comma-separated); setting it turns tracing on. */
  OTEL_TRACES_EXPORTER: z
    .string()
    .max(100)
    .default('')
    .refine(
      (v) => v.split(',').every((x) => ['', 'otlp', 'console', 'zipkin', 'none'].includes(x.trim())),
      'must list otlp, console, zipkin or none',
    ),
  /** The collector's base URL (the SDK appends /v1/traces for HTTP); setting it turns tracing on with the otlp exporter. */
  OTEL_EXPORTER_OTLP_ENDPOINT: emptyOrUrl,
  /** The full URL for spans alone, instead of the base URL above. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: emptyOrUrl,
  OTEL_EXPORTER_OTLP_PROTOCOL: z.enum(['', 'grpc', 'http/protobuf', 'http/json']).default(''),
  /** The service name on every span; by default the process's own (api, realtime, workers). */
  OTEL_SERVICE_NAME: z.string().max(100).default(''),
  /** Which traces are kept: the SDK's samplers (parentbased_always_on by default, parentbased_traceidratio, ...). */
  OTEL_TRACES_SAMPLER: z
    .enum([
      '',
      'always_on',
      'always_off',
      'traceidratio',
      'parentbased_always_on',
      'parentbased_always_off',
      'parentbased_traceidratio',
    ])
    .default(''),
  /** The ratio for the traceidratio samplers, 0 to 1. */
  OTEL_TRACES_SAMPLER_ARG: z
    .string()
    .default('')
    .refine((v) => v === '' || (Number(v) >= 0 && Number(v) <= 1), 'must be a number from 0 to 1'),
});
export type TracingConfig = z.infer<typeof TracingEnvSchema>;

/** Whether the environment asks for tracing: an exporter or an endpoint named, and the SDK not disabled. */
export const tracingRequested = (c: TracingConfig): boolean =>
  !c.OTEL_SDK_DISABLED &&
  (c.OTEL_TRACES_EXPORTER.trim() !== '' ||
    c.OTEL_EXPORTER_OTLP_ENDPOINT !== '' ||
    c.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT !== '');

/** What every server process needs: its stores and how loudly to log. */
export const CoreEnvSchema = StoresEnvSchema.extend({
  ...TracingEnvSchema.shape,
  /**
   * Begins every key the product keeps in Redis (its queues' are under `{<REDIS_PREFIX>bull}`, braces included: a Redis
   * Cluster hash tag). Braces would move that tag and glob characters would spoil the key scans, so neither is taken.
   */
  REDIS_PREFIX: z
    .string()
    .regex(/^[^{}*?[\]\\\s]{1,100}$/, 'must be 1 to 100 characters without braces, glob characters or spaces')
    .default('auction:'),
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

/**
 * The site's address as the public reaches it (https://auctions.example.com): the links in mails, canonical URLs,
 * Open Graph images and the sitemap. Empty: http://localhost on the API's port, which production refuses.
 */
const publicUrl = z
  .string()
  .default('')
  .refine(
    (v) => v === '' || /^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(v),
    'must be an absolute http(s) URL without query',
  );

/** PUBLIC_URL as links are made with it: without a trailing slash, localhost on the API's port when unset. */
export const publicBaseUrl = (config: { PUBLIC_URL: string; PORT?: number }): string =>
  (config.PUBLIC_URL || `http://localhost:${config.PORT ?? 3000}`).replace(/\/+$/, '');

/** Multiplies the protective limits (not the spec's own); load tests, which come from one address, raise it. */
const rateLimitScale = z.coerce.number().positive().max(1_000_000).default(1);

/**
 * Web push (VAPID, RFC 8292): the key pair the server signs its pushes with and who to contact about them. Empty
 * outside production: a pair is made on first start and kept in the database. In production an empty pair turns push
 * off (logged at start), never a made-up one. PUSH_ALLOW_HTTP_ENDPOINTS lets a test's own http://127.0.0.1 endpoint
 * subscribe; production refuses it.
 */
const pushEnv = {
  VAPID_PUBLIC_KEY: z
    .string()
    .default('')
    .refine((v) => v === '' || /^[A-Za-z0-9_-]{87}$/.test(v), 'must be a base64url P-256 public key (87 characters)'),
  VAPID_PRIVATE_KEY: z
    .string()
    .default('')
    .refine((v) => v === '' || /^[A-Za-z0-9_-]{43}$/.test(v), 'must be a base64url P-256 private key (43 characters)'),
  VAPID_SUBJECT: z
    .string()
    .max(200)
    .default('')
    .refine((v) => v === '' || /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(v), 'must be a mailto: or https:// URL'),
  PUSH_ALLOW_HTTP_ENDPOINTS: bool.default(false),
};

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
  PUBLIC_URL: publicUrl,
  /** Built web app served on the same origin; empty disables static serving. */
  WEB_DIST_DIR: z.string().default(''),
  /**
   * Scratch space for uploads while they are checked (relative paths are from the working directory); nothing is kept
   * there: kept files go to FILE_STORAGE.
   */
  UPLOAD_DIR: z.string().min(1).default('var/uploads'),
  /** Where kept files live, readable by every API host: `postgres` (the default) or `s3` (an S3-compatible bucket). */
  FILE_STORAGE: z.enum(['postgres', 's3']).default('postgres'),
  S3_BUCKET: z
    .string()
    .default('')
    .refine((v) => v === '' || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), 'must be a bucket name'),
  S3_REGION: z.string().min(1).max(40).default('us-east-1'),
  /** Empty: AWS's endpoint for S3_REGION; otherwise the URL of the S3-compatible service. */
  S3_ENDPOINT: z
    .string()
    .default('')
    .refine((v) => v === '' || /^https?:\/\/[^/]+/.test(v), 'must be empty or an http(s) URL'),
  /** Address the bucket in the URL's path, as most S3-compatible servers want. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Empty: the AWS SDK's own credential chain (environment, instance or pod role). */
  S3_ACCESS_KEY_ID: z.string().max(200).default(''),
  S3_SECRET_ACCESS_KEY: z.string().max(200).default(''),
  /** Which PaymentProvider takes escrow payments: the built-in sandbox moves no money (docs/escrow.md: adding Stripe). */
  PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** The secret the provider signs its webhook deliveries with; the sandbox's default is for development only. */
  PAYMENT_WEBHOOK_SECRET: z.string().min(16).default(DEVELOPMENT_WEBHOOK_SECRET),
  /** The secret the carrier signs its tracking webhooks with (docs/escrow.md: delivery); the default is for development only. */
  CARRIER_WEBHOOK_SECRET: z.string().min(16).default(DEVELOPMENT_CARRIER_SECRET),
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
  ...pushEnv,
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
  PUBLIC_URL: publicUrl,
  ...pushEnv,
  /** How often the workers look for members whose daily digest is due (each is mailed once a day whatever the cadence). */
  DIGEST_EVERY_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /**
   * Outbid and alert notices are mailed at most once per member and auction within this window, the watched cars
   * ending soon once per member within it (a minute at most); listing and push stay immediate.
   */
  NOTICE_MAIL_WINDOW_MS: z.coerce.number().int().min(100).max(86_400_000).default(DEFAULT_NOTICE_MAIL_WINDOW_MS),
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
  const data = parsed.data as Record<string, unknown>;
  if (typeof data.REDIS_SENTINELS === 'string' && data.REDIS_SENTINELS !== '')
    data.REDIS_URL = effectiveRedisUrl(data as Parameters<typeof effectiveRedisUrl>[0]);
  return parsed.data;
}

/** The API's configuration: its environment, with the allowed origins following PORT unless they are set. */
export function parseApiEnv(env: Record<string, string | undefined>): ApiConfig {
  const c = parseEnv(ApiEnvSchema, env);
  if (c.FILE_STORAGE === 's3' && c.S3_BUCKET === '')
    throw new EnvError('Set S3_BUCKET: FILE_STORAGE=s3 needs a bucket');
  return { ...c, APP_ORIGINS: c.APP_ORIGINS ?? [`http://localhost:${c.PORT}`, `http://127.0.0.1:${c.PORT}`] };
}
