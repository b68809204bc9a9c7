// One line per request: at debug when it went well, at warn when it was slow or the server failed, so the default
// info level shows what needs attention and nothing else.
import type { FastifyInstance } from 'fastify';

export const SLOW_REQUEST_MS = 1000;

export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    const line = { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(ms * 10) / 10 };
    if (reply.statusCode >= 500 || ms >= SLOW_REQUEST_MS)
      request.log.warn(line, reply.statusCode >= 500 ? 'request failed' : 'slow request');
    else request.log.debug(line, 'request');
  });
}
