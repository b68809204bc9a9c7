import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OfferChangeResponseSchema,
  OfferIdParamsSchema,
  SaveTradeInDraftBodySchema,
  TradeInDraftResponseSchema,
  TradeInEvaluateBodySchema,
  TradeInEvaluationsResponseSchema,
  TradeInResultSchema,
} from '@app/shared';
import { requireUser } from '../plugins/auth.js';
import { answerOffer, evaluateTradeIn, listTradeIns, loadDraft, saveDraft } from '@app/core/trade-in';
import { errors } from './responses.js';
import { limit } from '../plugins/rate-limits.js';

const tags = ['trade-in'];
const security = [{ session: [] }];

export const tradeInRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.valuationDeps;

  app.post(
    '/api/trade-in/evaluate',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: {
        tags,
        security,
        body: TradeInEvaluateBodySchema,
        response: { 201: TradeInResultSchema, ...errors(400, 401, 403, 422) },
      },
    },
    async (request, reply) => {
      const owner = await requireUser(request, request.body.userId);
      const result = await evaluateTradeIn(deps, request.body, owner);
      // The wizard is done: its draft has served its purpose.
      await saveDraft(app.sql, owner, null);
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/api/trade-in/evaluations',
    { schema: { tags, security, response: { 200: TradeInEvaluationsResponseSchema, ...errors(401) } } },
    async (request) => ({ evaluations: await listTradeIns(app.sql, await requireUser(request)) }),
  );

  for (const [action, answer] of [
    ['accept', 'accepted'],
    ['decline', 'declined'],
  ] as const) {
    app.post(
      `/api/trade-in/offers/:offerId/${action}`,
      {
        config: { rateLimit: limit('write', app.config) },
        schema: {
          tags,
          security,
          params: OfferIdParamsSchema,
          response: { 200: OfferChangeResponseSchema, ...errors(400, 401, 404, 409) },
        },
      },
      async (request) => ({
        offer: await answerOffer(app.sql, await requireUser(request), request.params.offerId, answer),
      }),
    );
  }

  app.get(
    '/api/trade-in/draft',
    { schema: { tags, security, response: { 200: TradeInDraftResponseSchema, ...errors(401) } } },
    async (request) => ({ draft: await loadDraft(app.sql, await requireUser(request)) }),
  );

  app.post(
    '/api/trade-in/draft',
    {
      config: { rateLimit: limit('draft', app.config) },
      schema: {
        tags,
        security,
        body: SaveTradeInDraftBodySchema,
        response: { 204: z.null().describe('Saved'), ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      await saveDraft(app.sql, await requireUser(request), request.body.draft);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/trade-in/draft',
    {
      config: { rateLimit: limit('draft', app.config) },
      schema: { tags, security, response: { 204: z.null().describe('Deleted'), ...errors(401, 429) } },
    },
    async (request, reply) => {
      await saveDraft(app.sql, await requireUser(request), null);
      return reply.status(204).send(null);
    },
  );
};
