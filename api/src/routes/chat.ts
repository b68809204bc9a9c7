import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuctionIdParamsSchema,
  ChatMessageSchema,
  ChatMessagesQuerySchema,
  PostChatMessageBodySchema,
} from '@app/shared';
import { raiseChatLatestNow, readChatLatest, seedChatLatest } from '@app/infra';
import { currentAdmin, currentUser, requireUser } from '../plugins/auth.js';
import { ChatReaders } from '@app/core/auctions';
import { listChatMessages, newestChatId, postChatMessage } from '@app/core/chat';
import { limit } from '../plugins/rate-limits.js';
import { errors } from './responses.js';

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = new ChatReaders(app.sql);
  const deps = { sql: app.sql, events: app.events };
  app.get(
    '/api/chat/messages/:auctionId',
    {
      schema: {
        tags: ['chat'],
        params: AuctionIdParamsSchema,
        querystring: ChatMessagesQuerySchema,
        response: {
          200: z.array(ChatMessageSchema),
          304: z.null().describe('Not modified: nothing newer than If-None-Match'),
          ...errors(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { auctionId } = request.params;
      const { after } = request.query;
      // The poll repeats every 2 s; an unchanged answer costs a 304 and no body, and, when Redis knows the newest line
      // is not newer than the client's, no Postgres query either.
      const prefix = app.config.REDIS_PREFIX;
      let latest = after === undefined ? null : await readChatLatest(app.redis, prefix, auctionId, 300);
      // A pending auction's chat is its seller's and the admins' until it is approved. Nobody can write in one, so a
      // line Redis knows of (ids start at 1; a seeded 0 says there is none) proves the auction public, and the 2 s poll
      // still needs no Postgres.
      if (latest === null || latest < 1) {
        await readers.assertMayRead(auctionId, async () => ({
          userId: (await currentUser(request))?.id ?? null,
          admin: (await currentAdmin(request)) !== null,
        }));
      }
      if (after !== undefined && latest === null) {
        // Redis does not know (restarted empty, or nobody wrote here yet): one index lookup tells, and seeds it.
        latest = await newestChatId(app.sql, auctionId);
        seedChatLatest(app.redis, prefix, auctionId, latest);
      }
      const messages =
        after === undefined || latest === null
          ? await listChatMessages(app.sql, auctionId, after)
          : latest <= after
            ? []
            : await app.chatPages.get(auctionId, after, latest, () => listChatMessages(app.sql, auctionId, after));
      const last = messages.at(-1)?.id ?? after ?? 0;
      const etag = `W/"chat-${auctionId}-${after ?? 'latest'}-${last}-${messages.length}"`;
      reply.header('etag', etag).header('cache-control', 'no-cache');
      // No payload at all (the contract's `null` only documents it): a serialized `null` would announce a 4-byte body
      // that a 304 cannot carry, and strict HTTP clients then drop the connection.
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(undefined as unknown as null);
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
      const message = await postChatMessage(deps, {
        auctionId: request.params.auctionId,
        user,
        message: request.body.message,
      });
      await raiseChatLatestNow(app.redis, app.config.REDIS_PREFIX, message.auctionId, message.id, 300);
      return reply.status(201).send(message);
    },
  );
};
