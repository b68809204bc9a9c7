// What NODE_ENV=production refuses: the defaults that make development easy and a deployment unsafe. One list for every
// process: a rule applies to each process whose environment schema reads its variable (the API checks the webhook
// secret, the cookies and the metrics token; the workers the mail server and the metrics token; the gateway the metrics
// token). Nothing else in the product looks at NODE_ENV.

/** PAYMENT_WEBHOOK_SECRET's development default: public (it is in this repository), so production refuses it. */
export const DEVELOPMENT_WEBHOOK_SECRET = 'sandbox-webhook-secret-not-for-production';
/** CARRIER_WEBHOOK_SECRET's development default, refused in production for the same reason. */
export const DEVELOPMENT_CARRIER_SECRET = 'sandbox-carrier-secret-not-for-production';
/** The SMTP_URL that asks for the built-in development mail catcher on purpose (an empty one only in development). */
export const MAIL_CATCHER = 'catcher';

interface ProductionRule {
  /** The variable the refusal names; the rule applies to every process whose schema reads it. */
  variable: string;
  unsafe(config: Readonly<Record<string, unknown>>): boolean;
  /** Why the value is unsafe ("it ..."), then what to set instead ("Set ..."): the refusal is one line. */
  why: string;
  fix: string;
}

/** Explicit, and https unless it names this machine itself (a deployment reached only over its own loopback). */
function isSafePublicUrl(v: string): boolean {
  if (v.startsWith('https://')) return true;
  const m = /^http:\/\/([^/:?#]+|\[[^\]]+\])/.exec(v);
  return m !== null && ['localhost', '127.0.0.1', '[::1]'].includes(m[1]!);
}

const RANDOM_TOKEN = 'a long random value, e.g. from openssl rand -hex 32';

const PRODUCTION_RULES: readonly ProductionRule[] = [
  {
    variable: 'PAYMENT_WEBHOOK_SECRET',
    unsafe: (c) => c.PAYMENT_WEBHOOK_SECRET === DEVELOPMENT_WEBHOOK_SECRET,
    why: 'is the public development default, with which anyone could sign a payment confirmation',
    fix: `Set it to the secret your payment provider signs its webhooks with (for the sandbox: ${RANDOM_TOKEN})`,
  },
  {
    variable: 'CARRIER_WEBHOOK_SECRET',
    unsafe: (c) => c.CARRIER_WEBHOOK_SECRET === DEVELOPMENT_CARRIER_SECRET,
    why: 'is the public development default, with which anyone could report a car delivered and start its inspection',
    fix: `Set it to the secret your carrier signs its tracking webhooks with (for the sandbox: ${RANDOM_TOKEN})`,
  },
  {
    variable: 'COOKIE_SECURE',
    unsafe: (c) => c.COOKIE_SECURE !== true && c.ALLOW_INSECURE_COOKIES !== true,
    why: 'is not true, so session cookies would also be sent over plain http',
    fix: 'Set COOKIE_SECURE=true (the site is served over https), or ALLOW_INSECURE_COOKIES=true for a deployment reached only over plain http',
  },
  {
    variable: 'SMTP_URL',
    unsafe: (c) => c.SMTP_URL === '',
    why: 'is empty, so every mail would stay in the development mail catcher instead of reaching members',
    fix: `Set it to your mail server (smtp://user:password@host:587 or smtps://...), or to "${MAIL_CATCHER}" to keep mail in the catcher on purpose`,
  },
  {
    variable: 'PUSH_ALLOW_HTTP_ENDPOINTS',
    unsafe: (c) => c.PUSH_ALLOW_HTTP_ENDPOINTS === true,
    why: 'is true, so a member could have the workers post to http://127.0.0.1',
    fix: 'Remove it (it is for tests that serve their own push endpoint)',
  },
  {
    variable: 'VAPID_PUBLIC_KEY',
    unsafe: (c) =>
      (c.VAPID_PUBLIC_KEY === '') !== (c.VAPID_PRIVATE_KEY === '') ||
      (c.VAPID_PUBLIC_KEY !== '' && c.VAPID_SUBJECT === ''),
    why: 'is set without VAPID_PRIVATE_KEY and VAPID_SUBJECT (or one of those without it), so pushes could not be signed',
    fix: 'Set all three (npx web-push generate-vapid-keys; VAPID_SUBJECT=mailto:you@example.com), or none to run without web push',
  },
  {
    variable: 'PUBLIC_URL',
    unsafe: (c) => !isSafePublicUrl(String(c.PUBLIC_URL)),
    why: 'is not an https address (or is unset), so canonical links, shared pages, the sitemap and mail links would name localhost or plain http',
    fix: 'Set it to the address the public reaches the site at, e.g. https://auctions.example.com (plain http only for a loopback address such as http://127.0.0.1:3000)',
  },
  {
    variable: 'METRICS_TOKEN',
    unsafe: (c) => c.METRICS_TOKEN === '',
    why: 'is empty, so no monitoring can read /metrics',
    fix: `Set it to ${RANDOM_TOKEN}: the bearer token your Prometheus scraper sends`,
  },
];

/**
 * One line per unsafe default in a parsed environment when NODE_ENV is production (none otherwise), each naming its
 * variable and what to set.
 */
export function productionRefusals(config: Readonly<Record<string, unknown>>): string[] {
  if (config.NODE_ENV !== 'production') return [];
  return PRODUCTION_RULES.filter((r) => r.variable in config && r.unsafe(config)).map(
    (r) => `${r.variable} refused (NODE_ENV=production): it ${r.why}. ${r.fix}.`,
  );
}
