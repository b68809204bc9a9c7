export { createSql, type Sql } from './db.js';
export { migrate } from './migrate.js';
export { ensureDatabase } from './ensure-database.js';
export { seed } from './seed.js';
export { DEMO_PREMIUM_USER } from './demo-accounts.js';
export { closeOnSignals, exitIfRefused, importDevelopmentOnly, DRAIN_DEADLINE_MS } from './process-lifecycle.js';
export { hashPassword, verifyPassword } from './passwords.js';
export { COMMON_PASSWORD, isCommonPassword, newPasswordProblem } from './common-passwords.js';
export { readEnvFile } from './env-file.js';
export { bullConnection, dropRedisPrefix } from './redis-connection.js';
export * from './events/index.js';
export { lockAuction, insertSystemChat, type LockedAuction } from './auction-lock.js';
export { readSettings } from './settings/read-settings.js';
export { openEscrow, escrowFeesOf, type OpenEscrowInput } from './escrow/open-escrow.js';
export {
  applyEscrowAction,
  performEscrowAction,
  escrowIdOfAuction,
  escrowStateOf,
  NO_ESCROW,
  type EscrowCaller,
  type EscrowActionResult,
  type EscrowParties,
  type EscrowStateRow,
} from './escrow/escrow-actions.js';
export { runEscrowDeadlines } from './escrow/escrow-deadlines.js';
export { expireTradeInOffers } from './trade-in/expire-offers.js';
export { lockEscrow, escrowNotices, actorOf, type LockedEscrow } from './escrow/escrow-actions.js';
export {
  recordDocument,
  mayRecordDocument,
  reviewDocument,
  updateShipping,
  reviewDispute,
  resolveDispute,
  postDisputeMessage,
  addInsurance,
  type StoredFile,
  type RecordResult,
  type DisputeResolution,
} from './escrow/escrow-records.js';
export { receivePaymentEvent, type WebhookOutcome } from './escrow/payment-webhook.js';
export { assignIntent, scheduleLinesOf, type StoredLine } from './escrow/payment-schedule.js';
export {
  SandboxPaymentProvider,
  signWebhook,
  verifyWebhookSignature,
  type PaymentProvider,
  type CardConfirmation,
  type WebhookDelivery,
} from './escrow/payment-provider.js';
export {
  loadMarketRows,
  loadValuationCoefficients,
  loadValuationModel,
  MARKET_DATA_PATH,
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
export { recordNotices, type RecordedNotices } from './notices/record-notices.js';
export { existingSigningKey, signingKey } from './notices/signed-token.js';
export { signUnsubscribe, verifyUnsubscribe } from './notices/unsubscribe-token.js';
export { signSignUp, verifySignUp } from './notices/sign-up-token.js';
