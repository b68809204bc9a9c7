// buildApp(config, deps): the whole HTTP API, used by server.ts and by the tests.
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { PHOTO_MAX_BYTES } from '@app/shared';
import type { Redis } from 'ioredis';
import type { Sql } from 'postgres';
import {
  EventPublisher,
  createLogger,
  createRedis,
  createServiceSql,
  createSql,
  pooledTimeoutProblem,
  redisStreamWriter,
  type StreamWriter,
} from '@app/infra';
import { SandboxCarrier, SandboxPaymentProvider, type PaymentProvider } from '@app/core/escrow';
import type { ApiConfig, ValuationModel } from '@app/shared';
import { registerErrorHandling } from './plugins/errors.js';
import { registerRequestDeadline } from './plugins/request-deadline.js';
import { logRequests } from './plugins/request-log.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerAuth } from './plugins/auth.js';
import { registerWebApp } from './plugins/web-app.js';
import { registerQueueDashboard } from './plugins/queue-dashboard.js';
import { registerApiDocs, useZodContracts } from './plugins/contracts.js';
import { registerRateLimits } from './plugins/rate-limits.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { BidEngine } from '@app/core/bidding';
import { SessionCache } from '@app/core/identity';
import { ChatPages } from '@app/core/chat';
import { healthRoutes } from './routes/health.js';
import { auctionRoutes } from './routes/auctions.js';
import { authRoutes } from './routes/auth.js';
import { accountRoutes } from './routes/account.js';
import { adminRoutes } from './routes/admin.js';
import { bidRoutes } from './routes/bids.js';
import { commentRoutes } from './routes/comments.js';
import { chatRoutes } from './routes/chat.js';
import { bidAlertRoutes } from './routes/bid-alerts.js';
import { escrowRoutes } from './routes/escrow.js';
import { escrowRecordRoutes } from './routes/escrow-records.js';
import { PAYMENT_WEBHOOK_PATH, paymentWebhookRoutes } from './routes/payment-webhook.js';
import { CARRIER_WEBHOOK_PATH, carrierWebhookRoutes } from './routes/carrier-webhook.js';
import { carRoutes } from './routes/cars.js';
import { valuationRoutes } from './routes/valuation.js';
import { tradeInRoutes } from './routes/trade-in.js';
import { offerRoutes } from './routes/offers.js';
import { paymentCardRoutes } from './routes/payment-cards.js';
import { settleHolds } from '@app/core/payments';
import { historyReportRoutes } from './routes/history-report.js';
import { HistoryReports, chooseHistoryProvider } from '@app/core/history';
import { PlatformSales, valuationModel } from '@app/core/valuation';
import type { ValuationDeps } from '@app/core/valuation';
import type { HistoryProvider } from '@app/core/history';
import { photoRoutes } from './routes/photos.js';
import { vinScanRoutes } from './routes/vin-scan.js';
import { cspReportRoutes } from './routes/csp-reports.js';
import { notificationRoutes } from './routes/notifications.js';
import { oneClickUnsubscribeRoutes } from './routes/one-click-unsubscribe.js';
import { pushAndDigestRoutes } from './routes/push-and-digest.js';
import { dashboardRoutes } from './routes/dashboard.js';
import { marketplaceSettingsRoutes } from './routes/marketplace-settings.js';
import { forumRoutes } from './routes/forum.js';
import { savedSearchRoutes } from './routes/saved-searches.js';
import { siteIndexRoutes } from './routes/site-index.js';
import { PhotoStore, DocumentStore } from '@app/core/files';
import { createFileStorage } from '@app/infra/storage';
import { VinDecoder } from '@app/core/vin';

declare module 'fastify' {
  interface FastifyInstance {
    config: ApiConfig;
    sql: Sql;
    redis: Redis;
    events: EventPublisher;
    bids: BidEngine;
    sessionCache: SessionCache;
    chatPages: ChatPages;
    photos: PhotoStore;
    documents: DocumentStore;
    payments: PaymentProvider;
    carrier: SandboxCarrier;
    vinDecoder: VinDecoder;
    valuationModel: ValuationModel;
    platformSales: PlatformSales;
    /** What a valuation by VIN needs: the model, the decoder and the platform's sales. */
    valuationDeps: ValuationDeps;
    historyReports: HistoryReports;
    /** The latest Content-Security-Policy violations browsers reported (newest last). */
    cspReports: unknown[];
  }
}

/** How often live bid holds are looked at: well inside the minute a released hold may take. */
const HOLD_SETTLE_EVERY_MS = 15_000;

export interface AppDeps {
  sql?: Sql;
  redis?: Redis;
  /** How committed events reach the Redis events stream; a test may make it fail to exercise the relay. */
  writeEvents?: StreamWriter;
  /** Where log lines go (tests read them); stdout when absent. */
  logStream?: { write(line: string): void };
  /** Replaces the provider HISTORY_PROVIDER names (a test's failing provider). */
  historyProvider?: HistoryProvider;
}

export async function buildApp(config: ApiConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: (await createLogger({
      level: config.LOG_LEVEL,
      format: config.LOG_FORMAT,
      // Session tokens and passwords must never reach a log line.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password'],
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    })) as FastifyBaseLogger,
    // Requests are logged by logRequests: at debug when they went well, louder when slow or failed.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.TRUST_PROXY as FastifyServerOptions['trustProxy'],
    bodyLimit: 1024 * 1024,
  });

  const sql = deps.sql ?? createServiceSql(config, config.DB_POOL_SIZE);
  // LISTEN needs a session of its own, which a pooler in transaction mode does not give: it goes to Postgres directly
  // (postgres.js opens one connection for it, on first listen).
  const listenSql = deps.sql ?? createSql(config.DATABASE_URL, { max: 1 });
  if (!deps.sql)
    void pooledTimeoutProblem(sql, config).then(
      (problem) => problem && app.log.warn(problem),
      () => {},
    );
  const redis =
    // Auto-pipelined: the commands of every request in one turn of the event loop (chat polls' newest-line reads, under
    // load hundreds a second) go to Redis in one write.
    deps.redis ??
    createRedis(config.REDIS_URL, {
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
      lazyConnect: false,
      enableAutoPipelining: true,
    });
  redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis error'));

  const events = new EventPublisher(sql, deps.writeEvents ?? redisStreamWriter(redis, config.REDIS_PREFIX), app.log);
  app.decorate('config', config);
  app.decorate('sql', sql);
  app.decorate('redis', redis);
  app.decorate('events', events);
  const bidMetrics = registerMetrics(app);
  app.decorate('bids', new BidEngine(sql, events, bidMetrics, Math.round(config.REQUEST_DEADLINE_MS * 0.8)));
  app.decorate('sessionCache', new SessionCache());
  app.decorate('chatPages', new ChatPages());
  // Kept files go to storage every API host reads (FILE_STORAGE); UPLOAD_DIR only holds uploads while they are checked.
  const files = await createFileStorage(config, sql);
  app.decorate('photos', new PhotoStore(sql, files));
  app.decorate('documents', new DocumentStore(files));
  // The sandbox delivers its confirmations to our own webhook route through the whole HTTP stack, signature and all.
  app.decorate(
    'payments',
    new SandboxPaymentProvider(
      config.PAYMENT_WEBHOOK_SECRET,
      async (payload, headers) => {
        const res = await app.inject({ method: 'POST', url: PAYMENT_WEBHOOK_PATH, headers, payload });
        if (res.statusCode !== 200) throw new Error(`the webhook answered ${res.statusCode}: ${res.body}`);
      },
      (err) => app.log.warn({ err }, 'sandbox payment webhook delivery failed'),
    ),
  );
  // The sandbox carrier's tracking events reach our own webhook route the same way.
  app.decorate(
    'carrier',
    new SandboxCarrier(
      config.CARRIER_WEBHOOK_SECRET,
      async (payload, headers) => {
        const res = await app.inject({ method: 'POST', url: CARRIER_WEBHOOK_PATH, headers, payload });
        if (res.statusCode !== 200) throw new Error(`the carrier webhook answered ${res.statusCode}: ${res.body}`);
      },
      (err) => app.log.warn({ err }, 'sandbox carrier webhook delivery failed'),
    ),
  );
  const vinDecoder = new VinDecoder(config.VIN_DB_PATH);
  app.decorate('vinDecoder', vinDecoder);
  // Loaded before the first request (about 0.2 s, once per process), so no valuation waits on it.
  app.decorate('valuationModel', await valuationModel());
  const platformSales = new PlatformSales(sql, listenSql);
  // Without the listener every valuation reads the sales itself: slower, never stale.
  platformSales
    .start()
    .catch((err: unknown) =>
      app.log.warn({ err }, 'platform sales are read on every valuation: listening for changes failed'),
    );
  app.decorate('platformSales', platformSales);
  app.decorate('valuationDeps', { sql, vinDecoder, model: app.valuationModel, platformSales });
  const historyProvider = deps.historyProvider ?? chooseHistoryProvider(config, app.valuationDeps);
  app.decorate('historyReports', new HistoryReports(sql, historyProvider, config.HISTORY_CACHE_SECONDS));

  // Live holds are settled here, beside the provider: released within a minute of a member being outbid for good or
  // losing, captured into the winner's escrow. Idempotent and claimed per hold, so every API process may run it.
  let settling: Promise<unknown> = Promise.resolve();
  const holdSweep = setInterval(() => {
    settling = settleHolds({ sql, payments: app.payments }).catch((err: unknown) =>
      app.log.warn({ err }, 'settling bid holds failed; the next run tries again'),
    );
  }, HOLD_SETTLE_EVERY_MS);
  holdSweep.unref();

  app.addHook('onClose', async () => {
    clearInterval(holdSweep);
    await settling;
    await platformSales.stop();
    await vinDecoder.close();
    await app.payments.drain();
    await app.carrier.drain();
    await events.drain();
    await files.close();
    if (!deps.redis) redis.disconnect();
    if (!deps.sql) await Promise.all([sql.end({ timeout: 5 }), listenSql.end({ timeout: 5 })]);
  });

  await registerSecurityHeaders(app, config);
  await app.register(cookie);
  // One file a request; the size check is ours (throwFileSizeLimit off) so a refusal carries our message.
  await app.register(multipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    throwFileSizeLimit: false,
  });
  registerErrorHandling(app);
  registerRequestDeadline(app, config.REQUEST_DEADLINE_MS);
  logRequests(app);
  registerAuth(app, config.APP_ORIGINS);
  await registerRateLimits(app, config);

  // The docs collect every route registered after them.
  await registerApiDocs(app);
  // Every API route in one scope with the zod compilers: requests parsed and answers checked by their contracts. The
  // queue dashboard and the static web app keep Fastify's own compilers outside it.
  await app.register(async (api) => {
    useZodContracts(api, config.STRICT_RESPONSES);
    for (const routes of [
      healthRoutes,
      auctionRoutes,
      authRoutes,
      accountRoutes,
      adminRoutes,
      bidRoutes,
      commentRoutes,
      chatRoutes,
      bidAlertRoutes,
      escrowRoutes,
      escrowRecordRoutes,
      paymentWebhookRoutes,
      carrierWebhookRoutes,
      carRoutes,
      valuationRoutes,
      photoRoutes,
      vinScanRoutes,
      cspReportRoutes,
      notificationRoutes,
      oneClickUnsubscribeRoutes,
      pushAndDigestRoutes,
      forumRoutes,
      tradeInRoutes,
      offerRoutes,
      paymentCardRoutes,
      historyReportRoutes,
      dashboardRoutes,
      marketplaceSettingsRoutes,
      savedSearchRoutes,
      siteIndexRoutes,
    ]) {
      await api.register(routes);
    }
  });
  await registerQueueDashboard(app);
  if (config.WEB_DIST_DIR) await registerWebApp(app, config.WEB_DIST_DIR);
  return app;
}
