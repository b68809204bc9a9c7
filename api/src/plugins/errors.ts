// One place that turns thrown errors into answers: zod -> 400 with issues, domain errors -> their status, the rest -> 500 without details.
import type { FastifyInstance, FastifyError } from 'fastify';
import { ZodError } from 'zod';
import { DomainError } from '../domain-errors.js';

export function zodIssues(err: ZodError) {
  return err.issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: i.message }));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | Error, request, reply) => {
    if (err instanceof ZodError) {
      const issues = zodIssues(err);
      const first = issues[0];
      const where = first && first.path.length ? `${first.path.join('.')}: ` : '';
      return reply.status(400).send({ error: `Invalid request: ${where}${first?.message ?? 'bad input'}`, issues });
    }
    if (err instanceof DomainError) {
      return reply.status(err.status).headers(err.headers).send({ error: err.message });
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type).
      return reply.status(status).send({ error: err.message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path.startsWith('/api/') || path === '/api' || path.startsWith('/healthz') || path.startsWith('/readyz');
    if (!isApi && request.method === 'GET' && app.config.WEB_DIST_DIR && 'sendFile' in reply) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: `No route ${request.method} ${path}` });
  });
}
