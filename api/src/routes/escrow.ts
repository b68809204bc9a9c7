import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcceptTermsBodySchema,
  AuctionIdParamsSchema,
  CompleteMilestoneBodySchema,
  DisputeOpenedResponseSchema,
  EscrowChangeResponseSchema,
  EscrowTransactionSchema,
  InitiateDisputeBodySchema,
  SandboxDeliveredBodySchema,
  SandboxDeliveredResultSchema,
} from '@app/shared';
import { requireUser } from '../plugins/auth.js';
import {
  acceptTerms,
  completeMilestone,
  getEscrowForAuction,
  initiateDispute,
  scanSandboxDelivery,
} from '@app/core/escrow';
import { errors } from './responses.js';
import { limit } from '../plugins/rate-limits.js';

const tags = ['escrow'];
const security = [{ session: [] }];
const step = { 200: EscrowChangeResponseSchema, ...errors(400, 401, 403, 404, 409) };

export const escrowRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { sql: app.sql, events: app.events };

  app.get(
    '/api/escrow/transaction/:auctionId',
    {
      schema: {
        tags,
        security,
        params: AuctionIdParamsSchema,
        response: { 200: EscrowTransactionSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) =>
      getEscrowForAuction(app.sql, request.params.auctionId, await requireUser(request), app.payments.name),
  );

  app.post(
    '/api/escrow/accept-terms',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: { tags, security, body: AcceptTermsBodySchema, response: step },
    },
    async (request) =>
      acceptTerms(
        deps,
        request.body.transactionId,
        request.body.userRole,
        await requireUser(request),
        request.body.termsVersion,
      ),
  );

  app.post(
    '/api/escrow/complete-milestone',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: { tags, security, body: CompleteMilestoneBodySchema, response: step },
    },
    async (request) => {
      const user = await requireUser(request);
      return completeMilestone(deps, request.body, { kind: 'user', userId: user.id });
    },
  );

  app.post(
    '/api/escrow/initiate-dispute',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: {
        tags,
        security,
        body: InitiateDisputeBodySchema,
        response: { 201: DisputeOpenedResponseSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await initiateDispute(deps, request.body, await requireUser(request))),
  );

  app.post(
    '/api/escrow/shipping/sandbox/delivered',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: {
        tags: ['escrow'],
        security: [{ session: [] }],
        description:
          "The sandbox carrier's tracking page: scan this sale's carrier shipment as delivered. Answers 202; the carrier's signed tracking event follows on its webhook.",
        body: SandboxDeliveredBodySchema,
        response: { 202: SandboxDeliveredResultSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const scanned = await scanSandboxDelivery(
        { sql: app.sql, events: app.events, carrier: app.carrier },
        request.body.transactionId,
        user.id,
      );
      return reply.status(202).send(scanned);
    },
  );
};
