import type { FastifyInstance } from 'fastify';
import { EstimateValueBodySchema } from '@app/shared';
import { estimateValue } from '../services/estimate-value.js';

export async function valuationRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/estimate-value', async (request) => {
    const body = EstimateValueBodySchema.parse(request.body);
    return estimateValue(app.sql, body);
  });
}
