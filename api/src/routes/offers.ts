// Offers after the hammer: the auction's offers as the member may see them, the high bidder's best offer, the
// seller's second-chance offers, and answering one (accept, decline, counter). The acting member is the session's.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AnswerAuctionOfferBodySchema,
  AuctionOfferIdParamsSchema,
  AuctionOfferResultSchema,
  AuctionOffersResponseSchema,
  IdParamsSchema,
  MakeBestOfferBodySchema,
  SecondChanceOfferBodySchema,
} from '@app/shared';
import { answerOffer, makeBestOffer, makeSecondChanceOffer, offerOnWire, offersForAuction } from '@app/core/offers';
import { requireUser } from '../plugins/auth.js';
import { limit } from '../plugins/rate-limits.js';
import { errors } from './responses.js';

const tags = ['offers'];
const security = [{ session: [] }];

export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { sql: app.sql, events: app.events };

  app.get(
    '/api/auctions/:id/offers',
    {
      schema: {
        tags,
        security,
        params: IdParamsSchema,
        response: { 200: AuctionOffersResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => offersForAuction(app.sql, request.params.id, (await requireUser(request)).id),
  );

  app.post(
    '/api/auctions/:id/offers',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: {
        tags,
        security,
        params: IdParamsSchema,
        body: MakeBestOfferBodySchema,
        response: { 201: AuctionOfferResultSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const buyer = await requireUser(request);
      const offer = await makeBestOffer(deps, {
        auctionId: request.params.id,
        buyerId: buyer.id,
        amountCents: request.body.amount,
      });
      return reply.status(201).send({ offer: offerOnWire(offer), transactionId: null });
    },
  );

  app.post(
    '/api/auctions/:id/second-chance-offers',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: {
        tags,
        security,
        params: IdParamsSchema,
        body: SecondChanceOfferBodySchema,
        response: { 201: AuctionOfferResultSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const seller = await requireUser(request);
      const offer = await makeSecondChanceOffer(deps, {
        auctionId: request.params.id,
        sellerId: seller.id,
        bidderId: request.body.bidderId,
      });
      return reply.status(201).send({ offer: offerOnWire(offer), transactionId: null });
    },
  );

  app.post(
    '/api/offers/:offerId/answer',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: {
        tags,
        security,
        params: AuctionOfferIdParamsSchema,
        body: AnswerAuctionOfferBodySchema,
        response: { 200: AuctionOfferResultSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { offer, transactionId } = await answerOffer(deps, {
        offerId: request.params.offerId,
        userId: user.id,
        action: request.body.action,
        counterCents: request.body.counterAmount,
      });
      return { offer: offerOnWire(offer), transactionId };
    },
  );
};
