// No request hangs on a frozen store: whatever a handler still waits on when the deadline passes, the client gets a
// 503 with Retry-After at that moment. (A bid still queued then is dropped by the bid engine, never decided later;
// one already being committed keeps its Idempotency-Key, so a retry with the same key learns its outcome.)
import type { FastifyInstance } from 'fastify';
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_S } from '../unavailable.js';

/** Uploads stream up to 10 MB from a phone before any store is touched: they get this many deadlines. */
const UPLOAD_FACTOR = 6;

export function registerRequestDeadline(app: FastifyInstance, deadlineMs: number): void {
  const timers = new WeakMap<object, NodeJS.Timeout>();
  app.addHook('onRequest', (request, reply, done) => {
    const isUpload = (request.headers['content-type'] ?? '').startsWith('multipart/');
    const timer = setTimeout(
      () => {
        if (reply.sent || reply.raw.headersSent) return;
        request.log.warn({ url: request.url, deadlineMs }, 'request passed its deadline; answered 503');
        void reply
          .code(503)
          .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S))
          .send({ error: UNAVAILABLE_MESSAGE });
      },
      isUpload ? deadlineMs * UPLOAD_FACTOR : deadlineMs,
    );
    timer.unref();
    timers.set(request, timer);
    done();
  });
  const clear = (request: object) => clearTimeout(timers.get(request));
  app.addHook('onResponse', (request, _reply, done) => {
    clear(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    clear(request);
    done();
  });
}
