// RFC 8058 one-click unsubscribe: every list mail's `List-Unsubscribe` header names this URL with its signed token and
// `List-Unsubscribe-Post: List-Unsubscribe=One-Click` says a POST to it unsubscribes. Mail providers send that POST
// from their servers: no session, no Origin, a form body that says nothing the token does not (read and ignored). A
// GET (a link scanner, a client without RFC 8058) changes nothing: it is sent on to the page, which asks before acting.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OneClickUnsubscribeQuerySchema, UnsubscribedSchema } from '@app/shared';
import { unsubscribe } from '@app/core/notices';
import { errors } from './responses.js';

const tags = ['notifications'];

export const oneClickUnsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, String(body)),
  );
  app.post(
    '/api/unsubscribe',
    {
      config: { crossSite: 'allowed' },
      schema: {
        tags,
        description: 'One-click unsubscribe (RFC 8058): the signed token in the URL turns that kind of mail off',
        querystring: OneClickUnsubscribeQuerySchema,
        response: { 200: UnsubscribedSchema, ...errors(400) },
      },
    },
    async (request) => unsubscribe(app.sql, request.query.token),
  );
  app.get(
    '/api/unsubscribe',
    {
      schema: {
        tags,
        querystring: OneClickUnsubscribeQuerySchema,
        response: { 303: z.null(), ...errors(400) },
      },
    },
    async (request, reply) =>
      reply.redirect(`/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 303).send(null),
  );
};
