// Saved searches: the session's member saves the /auctions filters under a name, lists them with their current
// matches (the dashboard), deletes them. New listings they find are noticed by the workers (core/src/saved-searches).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, SavedSearchBodySchema, SavedSearchListSchema, SavedSearchSchema } from '@app/shared';
import { deleteSavedSearch, listSavedSearches, saveSearch } from '@app/core/saved-searches';
import { requireUser } from '../plugins/auth.js';
import { errors } from './responses.js';
import { limit } from '../plugins/rate-limits.js';

const tags = ['saved-searches'];
const security = [{ session: [] }];

export const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/saved-searches',
    { schema: { tags, security, response: { 200: SavedSearchListSchema, ...errors(401) } } },
    async (request) => listSavedSearches(app.sql, (await requireUser(request)).id),
  );

  app.post(
    '/api/saved-searches',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: {
        tags,
        security,
        body: SavedSearchBodySchema,
        response: { 201: SavedSearchSchema, ...errors(400, 401, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await saveSearch(app.sql, (await requireUser(request)).id, request.body)),
  );

  app.delete(
    '/api/saved-searches/:id',
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
      await deleteSavedSearch(app.sql, (await requireUser(request)).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
