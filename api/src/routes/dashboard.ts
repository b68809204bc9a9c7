import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuctionPredictionListSchema,
  DashboardSchema,
  MarketInsightListSchema,
  UserBidListSchema,
  UserRefParamsSchema,
} from '@app/shared';
import { requireUser } from '../plugins/auth.js';
import { Forbidden } from '@app/core';
import { dashboard, userActiveBids, dashboardPredictions, marketInsights } from '@app/core/dashboard';
import { errors } from './responses.js';

const tags = ['dashboard'];
const security = [{ session: [] }];

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard',
    { schema: { tags, security, response: { 200: DashboardSchema, ...errors(401) } } },
    async (request) => dashboard(app.sql, (await requireUser(request)).id),
  );
  app.get(
    '/api/dashboard/predictions',
    { schema: { tags, security, response: { 200: AuctionPredictionListSchema, ...errors(401) } } },
    async (request) =>
      dashboardPredictions(
        { sql: app.sql, model: app.valuationModel, platformSales: app.platformSales },
        (await requireUser(request)).id,
      ),
  );
  app.get('/api/market-insights', { schema: { tags, response: { 200: MarketInsightListSchema } } }, async () =>
    marketInsights(app.sql),
  );
  // The spec's route: a user's bids are theirs alone.
  app.get(
    '/api/users/:id/bids',
    {
      schema: {
        tags,
        security,
        params: UserRefParamsSchema,
        response: { 200: UserBidListSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { id } = request.params;
      if (id !== 'me' && id !== user.id) throw new Forbidden('You can only see your own bids');
      return userActiveBids(app.sql, user.id);
    },
  );
};
