import type { FastifyInstance } from 'fastify';
import { CreateCarBodySchema, IdParamsSchema, SubmitAuctionBodySchema } from '@app/shared';
import { submitToAuction } from '../services/auction-approval.js';
import { requireUser } from '../plugins/auth.js';
import { createCar, valueOwnCar } from '../services/cars.js';

export async function carRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/cars', async (request, reply) => {
    const body = CreateCarBodySchema.parse(request.body);
    const owner = await requireUser(request, body.ownerId);
    return reply.status(201).send(await createCar(app.sql, owner, body));
  });

  app.post('/api/auction-requests', async (request, reply) => {
    const body = SubmitAuctionBodySchema.parse(request.body);
    return reply.status(201).send(await submitToAuction(app.sql, app.events, await requireUser(request), body));
  });

  app.post('/api/cars/:id/ai-valuation', async (request) => {
    const { id } = IdParamsSchema.parse(request.params);
    return valueOwnCar(app.sql, app.valuationModel, await requireUser(request), id);
  });
}
