export { createSql, type Sql } from './db.js';
export { migrate } from './migrate.js';
export { ensureDatabase } from './ensure-database.js';
export { seed } from './seed.js';
export { DEMO_PREMIUM_USER } from './demo-accounts.js';
export { closeOnSignals } from './process-lifecycle.js';
export { ThreadClient, type ThreadClientOptions } from './thread-client.js';
export { bullConnection, dropRedisPrefix } from './redis-connection.js';
export * from './events/index.js';
export {
  loadMarketRows,
  loadValuationCoefficients,
  loadValuationModel,
  MARKET_DATA_PATH,
  VALUATION_MODEL_PATH,
} from './market-data.js';
export { createLogger, type LoggerSettings, type Logger } from './logger.js';
export { createMetrics, eventFlowMetrics, hasMetricsToken, PROMETHEUS_CONTENT_TYPE, type Metrics } from './metrics.js';
export { answerStatus } from './status-routes.js';
