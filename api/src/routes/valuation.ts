import type { FastifyInstance } from 'fastify';
import { EstimateValueBodySchema, TrimsQuerySchema, knownTrims, type TrimsResponse } from '@app/shared';
import { estimateValue } from '../services/estimate-value.js';

export async function valuationRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/estimate-value', async (request) => {
    const body = EstimateValueBodySchema.parse(request.body);
    return estimateValue({ sql: app.sql, vinDecoder: app.vinDecoder, model: app.valuationModel }, body);
  });

  /** The trims the market data knows for a model, for the seller's trim list. */
  app.get('/api/valuation/trims', async (request): Promise<TrimsResponse> => {
    const { make, model } = TrimsQuerySchema.parse(request.query);
    return { trims: knownTrims(app.valuationModel, make, model) };
  });
}
