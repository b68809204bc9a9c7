import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuctionDetailSchema,
  AuctionListQuerySchema,
  AuctionListSchema,
  BuyNowBodySchema,
  BuyNowResponseSchema,
  IdParamsSchema,
  IdempotencyHeadersSchema,
  LowerReserveBodySchema,
  LowerReserveResponseSchema,
  NEXT_CURSOR_HEADER,
  SERVER_TIME_HEADER,
} from '@app/shared';
import { getAuctionDetail, listAuctions, buyNow, lowerReserve } from '@app/core/auctions';
import { requireUser } from '../plugins/auth.js';
import { withIdempotency } from '../http/idempotency.js';
import { errors } from './responses.js';
import { limit } from '../plugins/rate-limits.js';

export const auctionRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { sql: app.sql, events: app.events };
  app.get(
    '/api/auctions',
    {
      schema: {
        tags: ['auctions'],
        querystring: AuctionListQuerySchema,
        response: { 200: AuctionListSchema, ...errors(400) },
      },
    },
    async (request, reply) => {
      const { auctions, next } = await listAuctions(app.sql, request.query);
      if (next) reply.header(NEXT_CURSOR_HEADER, next);
      return reply.header(SERVER_TIME_HEADER, String(Date.now())).send(auctions);
    },
  );

  app.get(
    '/api/auctions/:id',
    {
      schema: {
        tags: ['auctions'],
        params: IdParamsSchema,
        response: { 200: AuctionDetailSchema, ...errors(400, 404) },
      },
    },
    async (request) => getAuctionDetail(app.sql, request.params.id),
  );

  app.post(
    '/api/auctions/:id/buy-now',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: {
        tags: ['auctions'],
        security: [{ session: [] }],
        headers: IdempotencyHeadersSchema,
        params: IdParamsSchema,
        body: BuyNowBodySchema,
        response: { 201: BuyNowResponseSchema, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, request.body.userId);
      const auctionId = request.params.id;
      const result = await withIdempotency(
        app,
        {
          userId: user.id,
          key: request.headers['idempotency-key'],
          what: { route: 'POST /api/auctions/:id/buy-now', body: { auctionId } },
        },
        () => buyNow(deps, { auctionId, buyer: user }),
      );
      // A replayed answer is whatever the first attempt answered: the purchase, or its refusal.
      return reply.status(result.status as 201).send(result.body as never);
    },
  );

  // The seller lowers the reserve of their live auction (never raises it); bidders see the new reserve status live.
  app.post(
    '/api/auctions/:id/reserve',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: {
        tags: ['auctions'],
        security: [{ session: [] }],
        params: IdParamsSchema,
        body: LowerReserveBodySchema,
        response: { 200: LowerReserveResponseSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const seller = await requireUser(request);
      return lowerReserve(deps, {
        auctionId: request.params.id,
        userId: seller.id,
        reserveCents: request.body.reservePrice,
      });
    },
  );
};
