// A member's card for bidding and the holds on it: start a setup intent, (sandbox only) the card form, and the
// account page's card and holds. The card counts once the provider's signed webhook confirms it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MyPaymentCardSchema, SandboxSetupBodySchema, SandboxSetupResultSchema, SetupIntentSchema } from '@app/shared';
import { confirmSandboxSetup, readMyPaymentCard, startCardSetup } from '@app/core/payments';
import { requireUser } from '../plugins/auth.js';
import { limit } from '../plugins/rate-limits.js';
import { errors } from './responses.js';

const tags = ['payments'];
const security = [{ session: [] }];

export const paymentCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/payment-card',
    { schema: { tags, security, response: { 200: MyPaymentCardSchema, ...errors(401, 404) } } },
    async (request) => readMyPaymentCard(app.sql, (await requireUser(request)).id),
  );

  app.post(
    '/api/payment-card/setup-intent',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: { tags, security, response: { 201: SetupIntentSchema, ...errors(401, 429) } },
    },
    async (request, reply) => reply.status(201).send(await startCardSetup(app, (await requireUser(request)).id)),
  );

  app.post(
    '/api/payment-card/sandbox-card',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: {
        tags,
        security,
        description: "The sandbox's card form: a declined test card is 402; an accepted one is saved by the webhook.",
        body: SandboxSetupBodySchema,
        response: { 202: SandboxSetupResultSchema, ...errors(400, 401, 402, 404, 429) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.status(202).send(await confirmSandboxSetup(app, request.body, user.id));
    },
  );
};
