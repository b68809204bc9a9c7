import type { FastifyInstance } from 'fastify';
import { AuctionIdParamsSchema, ChatMessagesQuerySchema, PostChatMessageBodySchema } from '@app/shared';
import { requireUser } from '../plugins/auth.js';
import { assertChatRate, listChatMessages, postChatMessage } from '../services/chat.js';

export async function chatRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/chat/messages/:auctionId', async (request, reply) => {
    const { auctionId } = AuctionIdParamsSchema.parse(request.params);
    const { after } = ChatMessagesQuerySchema.parse(request.query);
    const messages = await listChatMessages(app.sql, auctionId, after);
    // The poll repeats every 2 s; an unchanged answer costs a 304 and no body.
    const last = messages.at(-1)?.id ?? after ?? 0;
    const etag = `W/"chat-${auctionId}-${after ?? 'latest'}-${last}-${messages.length}"`;
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return messages;
  });

  app.post('/api/chat/messages/:auctionId', async (request, reply) => {
    const { auctionId } = AuctionIdParamsSchema.parse(request.params);
    const body = PostChatMessageBodySchema.parse(request.body);
    const user = await requireUser(request, body.userId);
    await assertChatRate(app.redis, app.config.REDIS_PREFIX, user.id);
    const message = await postChatMessage(app.sql, app.events, { auctionId, user, message: body.message });
    return reply.status(201).send(message);
  });
}
