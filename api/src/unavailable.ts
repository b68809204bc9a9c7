// Which failures mean "a store is out of reach for now" (answer 503 with Retry-After, the client may retry) rather
// than "a bug" (500). postgres.js names connection failures by code; Postgres itself answers 57P0x while starting or
// shutting down, 53300 when it has no connection slot left, and 57014 when it cancelled a statement that outlived
// DB_STATEMENT_TIMEOUT_MS (stuck behind a lock or a frozen disk); ioredis gives up with MaxRetriesPerRequestError.
// 25006 (a write in a read-only transaction) is a failover under way: a standby being promoted reports itself a
// primary a moment before it takes writes, and the driver, which trusts that report, may send a write there.
const POSTGRES_UNREACHABLE = new Set([
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
  '25006',
]);
const REDIS_UNREACHABLE = /Connection is closed|Stream isn't writeable|enableOfflineQueue|Reached the max retries/;

export const UNAVAILABLE_MESSAGE = 'The service is unavailable for a moment. Please try again shortly.';
export const UNAVAILABLE_RETRY_AFTER_S = 2;

export function isStoreUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && POSTGRES_UNREACHABLE.has(code)) return true;
  return err.name === 'MaxRetriesPerRequestError' || REDIS_UNREACHABLE.test(err.message);
}
