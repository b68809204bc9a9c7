import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AnsweredQuestionListSchema, CommentSchema, IdParamsSchema, PostCommentBodySchema } from '@app/shared';
import { requireUser } from '../plugins/auth.js';
import { listAnsweredQuestions, listComments, postComment } from '@app/core/chat';
import { errors } from './responses.js';
import { limit } from '../plugins/rate-limits.js';

export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { sql: app.sql, events: app.events };
  app.get(
    '/api/auctions/:id/comments',
    {
      schema: {
        tags: ['comments'],
        params: IdParamsSchema,
        response: { 200: z.array(CommentSchema), ...errors(400, 404) },
      },
    },
    async (request) => listComments(app.sql, request.params.id),
  );

  // The questions the seller answered, pinned above the comments.
  app.get(
    '/api/auctions/:id/questions',
    {
      schema: {
        tags: ['comments'],
        params: IdParamsSchema,
        response: { 200: AnsweredQuestionListSchema, ...errors(400, 404) },
      },
    },
    async (request) => listAnsweredQuestions(app.sql, request.params.id),
  );

  app.post(
    '/api/comments',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: {
        tags: ['comments'],
        security: [{ session: [] }],
        body: PostCommentBodySchema,
        response: { 201: CommentSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const user = await requireUser(request, body.userId);
      return reply
        .status(201)
        .send(
          await postComment(deps, { auctionId: body.auctionId, user, content: body.content, replyTo: body.replyTo }),
        );
    },
  );
};
