import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdempotencyHeadersSchema, PlaceBidBodySchema, PlaceBidResponseSchema } from '@app/shared';
import { requireUser } from '../plugins/auth.js';
import { withIdempotency } from '../services/idempotency.js';
import { errors } from './responses.js';

export const bidRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/bids',
    {
      schema: {
        tags: ['bidding'],
        security: [{ session: [] }],
        headers: IdempotencyHeadersSchema,
        body: PlaceBidBodySchema,
        response: { 201: PlaceBidResponseSchema, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const user = await requireUser(request, body.userId);
      const result = await withIdempotency(app, user.id, request.headers['idempotency-key'], () =>
        app.bids.place({ auctionId: body.auctionId, bidder: user, amountCents: body.amount }),
      );
      // A replayed answer is whatever the first attempt answered: the bid, or its refusal.
      return reply.status(result.status as 201).send(result.body as never);
    },
  );
};
