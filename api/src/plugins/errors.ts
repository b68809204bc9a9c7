// One place that turns thrown errors into answers: bad input -> 400 with issues, domain errors -> their status,
// the rest -> 500 without details (logged with the request).
import type { FastifyInstance, FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { DomainError } from '@app/core';
import { isStoreUnavailable, UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_S } from '../unavailable.js';

type Issue = { path: (string | number)[]; message: string };

export function zodIssues(err: ZodError): Issue[] {
  return err.issues.map((i) => ({
    path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    message: i.message,
  }));
}

/** "amount: Bids are in whole dollars ...": the first problem, named by its field. */
function invalidRequest(issues: Issue[]) {
  const first = issues[0];
  const where = first && first.path.length ? `${first.path.join('.')}: ` : '';
  return { error: `Invalid request: ${where}${first?.message ?? 'bad input'}`, issues };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | Error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      // A route's declared schema refused the request: each entry carries one zod issue, its path as "/a/0/b".
      const issues = err.validation.map((v) => ({
        path: v.instancePath
          .split('/')
          .filter(Boolean)
          .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        message: v.message ?? 'bad input',
      }));
      return reply.status(400).send(invalidRequest(issues));
    }
    if (err instanceof ZodError) return reply.status(400).send(invalidRequest(zodIssues(err)));
    if (err instanceof DomainError) {
      return reply.status(err.status).headers(err.headers).send({ error: err.message });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: zodIssues(err.cause as ZodError) }, 'answer does not match its response schema');
      return reply.status(500).send({ error: 'Internal server error' });
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type).
      return reply.status(status).send({ error: err.message });
    }
    if (isStoreUnavailable(err)) {
      request.log.warn({ err: err.message }, 'a store is unreachable; answered 503');
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S))
        .send({ error: UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi =
      path.startsWith('/api/') || path === '/api' || path.startsWith('/healthz') || path.startsWith('/readyz');
    // A missing /assets/ file is a build that is gone (a deploy replaced it): index.html in its place would be run as
    // a script and fail obscurely, where a 404 lets the page offer to load the new version.
    const isAsset = path.startsWith('/assets/');
    if (!isApi && !isAsset && request.method === 'GET' && app.webAppFallback) return app.webAppFallback(path, reply);
    return reply.status(404).send({ error: `No route ${request.method} ${path}` });
  });
}
