import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParamsSchema,
  IdempotencyHeadersSchema,
  MaxBidResponseSchema,
  MyMaxBidsSchema,
  PlaceBidBodySchema,
  PlaceBidResponseSchema,
  SetMaxBidBodySchema,
  centsToDecimal,
} from '@app/shared';
import { listMyMaxBids, readMaxBid } from '@app/core/bidding';
import { placeVerifiedBid } from '@app/core/payments';
import { requireUser } from '../plugins/auth.js';
import { withIdempotency } from '../http/idempotency.js';
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
        response: { 201: PlaceBidResponseSchema, ...errors(400, 401, 402, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const user = await requireUser(request, body.userId);
      const key = request.headers['idempotency-key'];
      const what = {
        route: 'POST /api/bids',
        body: { auctionId: body.auctionId, amount: body.amount, maxAmount: body.maxAmount ?? null },
      };
      const result = await withIdempotency(app, { userId: user.id, key, what }, () =>
        placeVerifiedBid(app, {
          auctionId: body.auctionId,
          bidder: user,
          amountCents: body.amount,
          maxCents: body.maxAmount ?? null,
        }).then((o) => o.bid!),
      );
      // A replayed answer is whatever the first attempt answered: the bid, or its refusal.
      return reply.status(result.status as 201).send(result.body as never);
    },
  );

  app.get(
    '/api/max-bids',
    { schema: { tags: ['bidding'], security: [{ session: [] }], response: { 200: MyMaxBidsSchema, ...errors(401) } } },
    async (request) => listMyMaxBids(app.sql, (await requireUser(request)).id),
  );

  app.get(
    '/api/auctions/:id/max-bid',
    {
      schema: {
        tags: ['bidding'],
        security: [{ session: [] }],
        params: IdParamsSchema,
        response: { 200: MaxBidResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return readMaxBid(app.sql, request.params.id, user.id);
    },
  );

  // Sets or changes the caller's private maximum: a bidder who is not leading bids the next minimum at once (answered
  // by the leader's maximum if that is higher); the leader may raise it, or lower it down to their winning bid.
  app.put(
    '/api/auctions/:id/max-bid',
    {
      config: { rateLimit: limit('bid', app.config) },
      schema: {
        tags: ['bidding'],
        security: [{ session: [] }],
        params: IdParamsSchema,
        body: SetMaxBidBodySchema,
        response: { 200: MaxBidResponseSchema, ...errors(400, 401, 402, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const user = await requireUser(request, request.body.userId);
      const auctionId = request.params.id;
      const { bid, standing } = await placeVerifiedBid(app, {
        auctionId,
        bidder: user,
        amountCents: null,
        maxCents: request.body.maxAmount,
      });
      return {
        auctionId,
        maxAmount: centsToDecimal(request.body.maxAmount),
        leading: standing.leading,
        currentBid: centsToDecimal(standing.currentBidCents),
        bidCount: standing.bidCount,
        bid,
      };
    },
  );
};
