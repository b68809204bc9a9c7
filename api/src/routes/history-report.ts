import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CarfaxReportBodySchema, VehicleHistoryReportSchema } from '@app/shared';
import { errors } from './responses.js';
import { limit } from '../plugins/rate-limits.js';

export const historyReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/carfax-report',
    {
      config: { rateLimit: limit('lookup', app.config) },
      schema: {
        tags: ['listings'],
        description:
          'The vehicle history report for a VIN, from the provider chosen by HISTORY_PROVIDER, cached per VIN',
        body: CarfaxReportBodySchema,
        response: { 200: VehicleHistoryReportSchema, ...errors(400, 429, 502) },
      },
    },
    async (request) => app.historyReports.report(request.body.vin),
  );
};
