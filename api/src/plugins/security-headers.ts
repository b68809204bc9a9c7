// Headers a browser can enforce: a strict Content-Security-Policy (scripts, styles and images only from this origin;
// connections to it and to the realtime gateway), no framing by any site (click-jacking Bid or Buy It Now), a strict
// referrer policy, and HSTS when cookies are marked Secure. Browsers report CSP violations to /api/csp-reports; the
// browser tests fail when any arrive.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { ApiConfig } from '@app/shared';

export const CSP_REPORT_PATH = '/api/csp-reports';

/**
 * Where browsers may open the socket: the configured public gateway, or the gateway's port on each of the app's own
 * origins. Read from configuration on every response (never from request headers), so a test that fills the
 * configuration after start is covered too.
 */
export function realtimeSources(
  config: Pick<ApiConfig, 'PUBLIC_REALTIME_URL' | 'APP_ORIGINS' | 'REALTIME_PORT'>,
): string[] {
  // "/" is the page's own origin, which 'self' already allows.
  if (config.PUBLIC_REALTIME_URL === '/') return [];
  const http = config.PUBLIC_REALTIME_URL
    ? [new URL(config.PUBLIC_REALTIME_URL)]
    : config.APP_ORIGINS.flatMap((o) => {
        try {
          const u = new URL(o);
          u.port = String(config.REALTIME_PORT);
          return [u];
        } catch {
          return [];
        }
      });
  return http.flatMap((u) => [u.origin, `${u.protocol === 'https:' ? 'wss:' : 'ws:'}//${u.host}`]);
}

/** realtimeSources as a CSP value, worked out again only when the configuration it reads has changed. */
function connectSources(config: ApiConfig): () => string {
  let key = '';
  let value = '';
  return () => {
    const now = `${config.PUBLIC_REALTIME_URL}|${config.APP_ORIGINS.join(',')}|${config.REALTIME_PORT}`;
    if (now !== key) {
      key = now;
      value = realtimeSources(config).join(' ');
    }
    return value;
  };
}

type HelmetMiddleware = ReturnType<typeof helmet>;

/** The headers helmet sets on a response (it reads nothing of the request or response but what it set itself). */
type HeaderValue = string | number | readonly string[];

function headersOf(setHeaders: HelmetMiddleware, request: IncomingMessage): [string, HeaderValue][] {
  const set = new Map<string, HeaderValue>();
  const response = {
    setHeader(name: string, value: HeaderValue) {
      set.set(name.toLowerCase(), value);
    },
    removeHeader(name: string) {
      set.delete(name.toLowerCase());
    },
    getHeader: (name: string) => set.get(name.toLowerCase()),
  };
  let failed: unknown;
  setHeaders(request, response as unknown as ServerResponse, (err?: unknown) => (failed = err));
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return [...set.entries()];
}

export async function registerSecurityHeaders(app: FastifyInstance, config: ApiConfig): Promise<void> {
  // Built once: the Fastify plugin for helmet built the whole middleware (and parsed the policy) again for every
  // request, a cost every bid paid.
  const connect = connectSources(config);
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Inline styles are allowed (scripts never are): the dialogs' scroll lock and the API docs page insert <style>
        // elements whose content changes at run time, so neither a hash nor a static nonce can name them.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Uploaded photos are previewed from blob: URLs before they are sent; icons come as data: URLs.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", () => connect()],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        reportUri: [CSP_REPORT_PATH],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    hsts: config.COOKIE_SECURE ? { maxAge: 180 * 24 * 3600, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // The headers are the same for every response while the gateway sources are: helmet runs once per change of them
  // (its chain of fifteen middlewares per request was 1.8 % of the API's time in the bids bench), each response gets
  // the list it made.
  let madeFor: string | undefined;
  let headers: [string, HeaderValue][] = [];
  app.addHook('onRequest', (request, reply, done) => {
    try {
      const sources = connect();
      if (sources !== madeFor) {
        headers = headersOf(setHeaders, request.raw);
        madeFor = sources;
      }
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
    } catch (err) {
      done(err as Error);
      return;
    }
    done();
  });

  app.decorate('cspReports', [] as unknown[]);
}
