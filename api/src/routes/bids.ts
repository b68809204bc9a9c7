import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdempotencyHeadersSchema, PlaceBidBodySchema, PlaceBidResponseSchema } from '@app/shared';
import { requireUser } from '../plugins/auth.js';
import { requestFingerprint, withIdempotency } from '../services/idempotency.js';
import { limit } from '../plugins/rate-limits.js';
import { errors } from './responses.js';

export const bidRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/bids',
    {
      config: { rateLimit: limit('bid', app.config) },
      schema: {
        tags: ['bidding'],
        security: [{ session: [] }],
        headers: IdempotencyHeadersSchema,
        body: PlaceBidBodySchema,
        response: { 201: PlaceBidResponseSchema, ...errors(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const user = await requireUser(request, body.userId);
      const key = request.headers['idempotency-key'];
      const fingerprint = requestFingerprint('POST /api/bids', { auctionId: body.auctionId, amount: body.amount });
      const result = await withIdempotency(app, { userId: user.id, key, fingerprint }, () =>
        app.bids.place({ auctionId: body.auctionId, bidder: user, amountCents: body.amount }),
      );
      // A replayed answer is whatever the first attempt answered: the bid, or its refusal.
      return reply.status(result.status as 201).send(result.body as never);
    },
  );
};
