import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuctionIdParamsSchema, ChatMessageSchema, ChatMessagesQuerySchema, PostChatMessageBodySchema } from '@app/shared';
import { requireUser } from '../plugins/auth.js';
import { listChatMessages, postChatMessage } from '../services/chat.js';
import { limit } from '../plugins/rate-limits.js';
import { errors } from './responses.js';

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/chat/messages/:auctionId',
    {
      schema: {
        tags: ['chat'],
        params: AuctionIdParamsSchema,
        querystring: ChatMessagesQuerySchema,
        response: { 200: z.array(ChatMessageSchema), 304: z.null().describe('Not modified: nothing newer than If-None-Match'), ...errors(400) },
      },
    },
    async (request, reply) => {
      const { auctionId } = request.params;
      const { after } = request.query;
      const messages = await listChatMessages(app.sql, auctionId, after);
      // The poll repeats every 2 s; an unchanged answer costs a 304 and no body.
      const last = messages.at(-1)?.id ?? after ?? 0;
      const etag = `W/"chat-${auctionId}-${after ?? 'latest'}-${last}-${messages.length}"`;
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return messages;
    },
  );

  app.post(
    '/api/chat/messages/:auctionId',
    {
      config: { rateLimit: limit('chat', app.config) },
      schema: {
        tags: ['chat'],
        security: [{ session: [] }],
        params: AuctionIdParamsSchema,
        body: PostChatMessageBodySchema,
        response: { 201: ChatMessageSchema, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, request.body.userId);
      const message = await postChatMessage(app.sql, app.events, { auctionId: request.params.auctionId, user, message: request.body.message });
      return reply.status(201).send(message);
    },
  );
};
