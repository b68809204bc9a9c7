import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CarValuationResponseSchema,
  CreateCarBodySchema,
  CreateCarResponseSchema,
  IdParamsSchema,
  SubmitAuctionBodySchema,
  SubmitAuctionResponseSchema,
} from '@app/shared';
import { submitToAuction } from '@app/core/auctions';
import { requireUser } from '../plugins/auth.js';
import { createCar, valueOwnCar } from '@app/core/cars';
import { errors } from './responses.js';
import { limit } from '../plugins/rate-limits.js';

const tags = ['selling'];
const security = [{ session: [] }];

export const carRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { sql: app.sql, events: app.events };
  app.post(
    '/api/cars',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: {
        tags,
        security,
        body: CreateCarBodySchema,
        response: { 201: CreateCarResponseSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const owner = await requireUser(request, request.body.ownerId);
      return reply.status(201).send(await createCar(app.sql, owner, request.body));
    },
  );

  app.post(
    '/api/auction-requests',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: {
        tags,
        security,
        body: SubmitAuctionBodySchema,
        response: { 201: SubmitAuctionResponseSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await submitToAuction(deps, await requireUser(request), request.body)),
  );

  app.post(
    '/api/cars/:id/ai-valuation',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: {
        tags,
        security,
        params: IdParamsSchema,
        response: { 200: CarValuationResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      valueOwnCar(
        { sql: app.sql, model: app.valuationModel, platformSales: app.platformSales },
        await requireUser(request),
        request.params.id,
      ),
  );
};
