import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EstimateValueBodySchema,
  TrimsQuerySchema,
  TrimsResponseSchema,
  ValuationResponseSchema,
  knownTrims,
} from '@app/shared';
import { estimateValue } from '@app/core/valuation';
import { errors } from './responses.js';
import { limit } from '../plugins/rate-limits.js';

export const valuationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/estimate-value',
    {
      config: { rateLimit: limit('lookup', app.config) },
      schema: {
        tags: ['valuation'],
        body: EstimateValueBodySchema,
        response: { 200: ValuationResponseSchema, ...errors(400, 403, 422, 429) },
      },
    },
    async (request) => estimateValue(app.valuationDeps, request.body),
  );

  /** The trims the market data knows for a model, for the seller's trim list. */
  app.get(
    '/api/valuation/trims',
    {
      schema: {
        tags: ['valuation'],
        querystring: TrimsQuerySchema,
        response: { 200: TrimsResponseSchema, ...errors(400) },
      },
    },
    async (request) => ({ trims: knownTrims(app.valuationModel, request.query.make, request.query.model) }),
  );
};
