import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuctionDetailSchema,
  AuctionListQuerySchema,
  AuctionListSchema,
  BuyNowBodySchema,
  BuyNowResponseSchema,
  IdParamsSchema,
  SERVER_TIME_HEADER,
} from '@app/shared';
import { getAuctionDetail, listLiveAuctions } from '../services/auction-read.js';
import { buyNow } from '../services/buy-now.js';
import { requireUser } from '../plugins/auth.js';
import { errors } from './responses.js';

export const auctionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/auctions',
    { schema: { tags: ['auctions'], querystring: AuctionListQuerySchema, response: { 200: AuctionListSchema, ...errors(400) } } },
    async (request, reply) => {
      const auctions = await listLiveAuctions(app.sql, request.query);
      return reply.header(SERVER_TIME_HEADER, String(Date.now())).send(auctions);
    },
  );

  app.get(
    '/api/auctions/:id',
    { schema: { tags: ['auctions'], params: IdParamsSchema, response: { 200: AuctionDetailSchema, ...errors(400, 404) } } },
    async (request) => getAuctionDetail(app.sql, request.params.id),
  );

  app.post(
    '/api/auctions/:id/buy-now',
    {
      schema: {
        tags: ['auctions'],
        security: [{ session: [] }],
        params: IdParamsSchema,
        body: BuyNowBodySchema,
        response: { 201: BuyNowResponseSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, request.body.userId);
      return reply.status(201).send(await buyNow(app.sql, app.events, { auctionId: request.params.id, buyer: user }));
    },
  );
};
