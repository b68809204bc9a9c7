// Where browsers report Content-Security-Policy violations. Kept in memory (the latest 100) and logged; the browser
// tests read them and fail on any.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSP_REPORT_PATH } from '../plugins/security-headers.js';

const REPORTS_KEPT = 100;

export const cspReportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Browsers post reports as application/csp-report (report-uri) or application/reports+json (Reporting API).
  app.addContentTypeParser(
    ['application/csp-report', 'application/reports+json'],
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(null, { unreadable: true });
      }
    },
  );
  app.post(
    CSP_REPORT_PATH,
    {
      // A framing page of another site is exactly where the frame-ancestors reports come from.
      config: { crossSite: 'allowed' },
      schema: {
        tags: ['system'],
        description: 'A browser reports a Content-Security-Policy violation',
        body: z.unknown(),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      app.cspReports.push(request.body);
      if (app.cspReports.length > REPORTS_KEPT) app.cspReports.shift();
      request.log.warn({ report: request.body }, 'content security policy violation reported');
      return reply.status(204).send(null);
    },
  );
};
