// GET /healthz and GET /metrics for the processes that are not the API (the gateway, the workers): one handler, so a
// scrape without the bearer token is refused the same way everywhere.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PROMETHEUS_CONTENT_TYPE, hasMetricsToken, type Metrics } from './metrics.js';

const json = (res: ServerResponse, status: number, body: unknown) =>
  void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** Answers the status routes and returns true, or returns false for any other request. */
export function answerStatus(
  req: IncomingMessage,
  res: ServerResponse,
  opts: { metrics: Metrics; token: string },
): boolean {
  if (req.method !== 'GET') return false;
  if (req.url === '/healthz') {
    json(res, 200, { status: 'ok' });
    return true;
  }
  if (req.url === '/metrics') {
    if (!hasMetricsToken(req.headers, opts.token)) json(res, 401, { error: 'Metrics need the metrics token' });
    else {
      opts.metrics.text().then(
        (text) => res.writeHead(200, { 'content-type': PROMETHEUS_CONTENT_TYPE }).end(text),
        () => json(res, 503, { error: 'Metrics unavailable' }),
      );
    }
    return true;
  }
  return false;
}
