import type { FastifyInstance } from 'fastify';
import { IdParamsSchema, PostCommentBodySchema } from '@app/shared';
import { requireUser } from '../plugins/auth.js';
import { listComments, postComment } from '../services/comments.js';

export async function commentRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/auctions/:id/comments', async (request) => {
    const { id } = IdParamsSchema.parse(request.params);
    return listComments(app.sql, id);
  });

  app.post('/api/comments', async (request, reply) => {
    const body = PostCommentBodySchema.parse(request.body);
    const user = await requireUser(request, body.userId);
    const comment = await postComment(app.sql, app.events, { auctionId: body.auctionId, user, content: body.content });
    return reply.status(201).send(comment);
  });
}
