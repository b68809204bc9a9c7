import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CreateForumPostBodySchema,
  CreateForumReplyBodySchema,
  FollowResultSchema,
  ForumHideBodySchema,
  ForumLikeResultSchema,
  ForumPageSchema,
  ForumPostsQuerySchema,
  ForumReplyParamsSchema,
  ForumReplySchema,
  ForumReportBodySchema,
  ForumReportListSchema,
  ForumThreadSchema,
  IdParamsSchema,
  UpdateForumPostBodySchema,
} from '@app/shared';
import { currentAdmin, currentUser, requireAdmin, requireUser } from '../plugins/auth.js';
import { limit } from '../plugins/rate-limits.js';
import {
  createForumPost,
  deleteForumPost,
  hideForumContent,
  listForumPosts,
  listForumReports,
  readForumThread,
  replyToForumPost,
  reportForumContent,
  setFollow,
  setForumLike,
  updateForumPost,
  type Viewer,
  withinDeadline,
} from '@app/core/forum';
import { errors } from './responses.js';

const tags = ['forum'];
const security = [{ session: [] }];

/** Who reads the forum: a member, an admin (who sees hidden posts), or nobody signed in. */
export async function viewerOf(request: FastifyRequest): Promise<Viewer> {
  const [user, admin] = await Promise.all([currentUser(request), currentAdmin(request)]);
  return { userId: user?.id ?? null, isAdmin: admin !== null };
}

export const forumRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { sql: app.sql, events: app.events };
  const write = { rateLimit: limit('write', app.config) };

  app.get(
    '/api/forum/posts',
    {
      schema: {
        tags,
        querystring: ForumPostsQuerySchema,
        response: { 200: ForumPageSchema, ...errors(400, 401, 503) },
      },
    },
    async (request) => withinDeadline(listForumPosts(app.sql, request.query, await viewerOf(request))),
  );

  app.get(
    '/api/forum/posts/:id',
    { schema: { tags, params: IdParamsSchema, response: { 200: ForumThreadSchema, ...errors(400, 404, 503) } } },
    async (request) => withinDeadline(readForumThread(app.sql, request.params.id, await viewerOf(request))),
  );

  app.post(
    '/api/forum/posts',
    {
      config: { rateLimit: limit('forumPost', app.config) },
      schema: {
        tags,
        security,
        body: CreateForumPostBodySchema,
        response: { 201: ForumThreadSchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, request.body.userId);
      const id = await createForumPost(deps, user, request.body);
      return reply.status(201).send(await readForumThread(app.sql, id, { userId: user.id, isAdmin: false }));
    },
  );

  app.patch(
    '/api/forum/posts/:id',
    {
      config: write,
      schema: {
        tags,
        security,
        params: IdParamsSchema,
        body: UpdateForumPostBodySchema,
        response: { 200: ForumThreadSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await updateForumPost(app.sql, user, request.params.id, request.body);
      return readForumThread(app.sql, request.params.id, { userId: user.id, isAdmin: false });
    },
  );

  app.delete(
    '/api/forum/posts/:id',
    {
      config: write,
      schema: { tags, security, params: IdParamsSchema, response: { 204: z.null(), ...errors(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      await deleteForumPost(app.sql, await requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/forum/posts/:id/replies',
    {
      config: { rateLimit: limit('forumReply', app.config) },
      schema: {
        tags,
        security,
        params: IdParamsSchema,
        body: CreateForumReplyBodySchema,
        response: { 201: ForumReplySchema, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, request.body.userId);
      return reply.status(201).send(await replyToForumPost(deps, user, request.params.id, request.body.content));
    },
  );

  for (const [method, like] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    app[method](
      '/api/forum/posts/:id/like',
      {
        config: write,
        schema: {
          tags,
          security,
          params: IdParamsSchema,
          response: { 200: ForumLikeResultSchema, ...errors(400, 401, 404) },
        },
      },
      async (request) => {
        const user = await requireUser(request);
        return setForumLike(deps, user.id, { postId: request.params.id, replyId: null }, like);
      },
    );
    app[method](
      '/api/forum/posts/:id/replies/:replyId/like',
      {
        config: write,
        schema: {
          tags,
          security,
          params: ForumReplyParamsSchema,
          response: { 200: ForumLikeResultSchema, ...errors(400, 401, 404) },
        },
      },
      async (request) => {
        const user = await requireUser(request);
        return setForumLike(deps, user.id, { postId: request.params.id, replyId: request.params.replyId }, like);
      },
    );
    app[method](
      '/api/users/:id/follow',
      {
        config: write,
        schema: {
          tags,
          security,
          params: IdParamsSchema,
          response: { 200: FollowResultSchema, ...errors(400, 401, 404) },
        },
      },
      async (request) => setFollow(app.sql, (await requireUser(request)).id, request.params.id, like),
    );
  }

  app.post(
    '/api/forum/posts/:id/report',
    {
      config: write,
      schema: {
        tags,
        security,
        params: IdParamsSchema,
        body: ForumReportBodySchema,
        response: { 204: z.null(), ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await reportForumContent(app.sql, user.id, request.params.id, request.body.replyId, request.body.reason);
      return reply.status(204).send(null);
    },
  );

  const adminSecurity = [{ adminSession: [] }];
  app.get(
    '/api/admin/forum/reports',
    {
      schema: {
        tags: ['admin'],
        security: adminSecurity,
        response: { 200: ForumReportListSchema, ...errors(401, 403) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return listForumReports(app.sql);
    },
  );
  app.post(
    '/api/admin/forum/posts/:id/hide',
    {
      schema: {
        tags: ['admin'],
        security: adminSecurity,
        params: IdParamsSchema,
        body: ForumHideBodySchema,
        response: { 204: z.null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      await hideForumContent(app.sql, admin.id, { postId: request.params.id, replyId: null }, request.body.hidden);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/api/admin/forum/posts/:id/replies/:replyId/hide',
    {
      schema: {
        tags: ['admin'],
        security: adminSecurity,
        params: ForumReplyParamsSchema,
        body: ForumHideBodySchema,
        response: { 204: z.null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      await hideForumContent(
        app.sql,
        admin.id,
        { postId: request.params.id, replyId: request.params.replyId },
        request.body.hidden,
      );
      return reply.status(204).send(null);
    },
  );
};
