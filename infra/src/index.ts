export { createServiceSql, createSql, pooledTimeoutProblem, type DatabaseSettings, type Sql } from './db.js';
export { migrate } from './migrate.js';
export { ensureDatabase } from './ensure-database.js';
export { seed } from './seed/seed.js';
export { DEMO_PREMIUM_USER } from './seed/demo-accounts.js';
export { closeOnSignals, exitIfRefused, importDevelopmentOnly, DRAIN_DEADLINE_MS } from './process-lifecycle.js';
export { hashPassword, verifyPassword } from './passwords.js';
export { COMMON_PASSWORD, isCommonPassword, newPasswordProblem } from './common-passwords.js';
export { readEnvFile } from './env-file.js';
export { ThreadClient, type ThreadClientOptions } from './thread-client.js';
export {
  bullConnection,
  bullPrefix,
  createRedis,
  dropRedisKeys,
  dropRedisPrefix,
  redisOptions,
} from './redis-connection.js';
export * from './events/index.js';
export {
  loadMarketRows,
  loadNewPrices,
  loadValuationCoefficients,
  loadValuationModel,
  MARKET_DATA_PATH,
  NEW_PRICES_PATH,
  VALUATION_MODEL_PATH,
} from './market-data.js';
export { createLogger, type LoggerSettings, type Logger } from './logger.js';
export {
  closingMetrics,
  createMetrics,
  eventFlowMetrics,
  hasMetricsToken,
  readinessMetrics,
  PROMETHEUS_CONTENT_TYPE,
  type Metrics,
} from './metrics.js';
export {
  answerStatus,
  askConnected,
  postgresAnswers,
  readiness,
  redisAnswers,
  READINESS_WAIT_MS,
  type Readiness,
  type ReadinessChecks,
} from './status-routes.js';
export {
  contextFromTraceparent,
  currentTraceparent,
  inSpan,
  inSpanSync,
  setTracingEnabled,
  SpanKind,
  traceIdOf,
  traceLogFields,
  tracingEnabled,
  type SpanOptions,
} from './tracing/spans.js';
