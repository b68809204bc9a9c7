import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BidAlertSchema, CreateBidAlertBodySchema, IdParamsSchema, UpdateBidAlertBodySchema } from '@app/shared';
import { requireUser } from '../plugins/auth.js';
import { createAlert, deleteAlert, listAlerts, setAlertActive } from '@app/core/alerts';
import { errors } from './responses.js';
import { limit } from '../plugins/rate-limits.js';

const tags = ['alerts'];
const security = [{ session: [] }];

export const bidAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/bid-alerts',
    { schema: { tags, security, response: { 200: z.array(BidAlertSchema), ...errors(401) } } },
    async (request) => listAlerts(app.sql, (await requireUser(request)).id),
  );

  app.post(
    '/api/bid-alerts',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: {
        tags,
        security,
        body: CreateBidAlertBodySchema,
        response: { 201: BidAlertSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, request.body.userId);
      return reply.status(201).send(await createAlert(app.sql, user.id, request.body));
    },
  );

  app.patch(
    '/api/bid-alerts/:id',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: {
        tags,
        security,
        params: IdParamsSchema,
        body: UpdateBidAlertBodySchema,
        response: { 200: BidAlertSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) =>
      setAlertActive(app.sql, (await requireUser(request)).id, request.params.id, request.body.isActive),
  );

  app.delete(
    '/api/bid-alerts/:id',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: {
        tags,
        security,
        params: IdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await deleteAlert(app.sql, (await requireUser(request)).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
