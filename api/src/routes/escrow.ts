import type { FastifyInstance } from 'fastify';
import {
  AcceptTermsBodySchema,
  AuctionIdParamsSchema,
  CompleteMilestoneBodySchema,
  InitiateDisputeBodySchema,
} from '@app/shared';
import { requireUser } from '../plugins/auth.js';
import { acceptTerms, completeMilestone, getEscrowForAuction, initiateDispute } from '../services/escrow.js';

export async function escrowRoutes(app: FastifyInstance): Promise<void> {
  const deps = { sql: app.sql, events: app.events };

  app.get('/api/escrow/transaction/:auctionId', async (request) => {
    const { auctionId } = AuctionIdParamsSchema.parse(request.params);
    return getEscrowForAuction(app.sql, auctionId, await requireUser(request));
  });

  app.post('/api/escrow/accept-terms', async (request) => {
    const body = AcceptTermsBodySchema.parse(request.body);
    return acceptTerms(deps, body.transactionId, body.userRole, await requireUser(request));
  });

  app.post('/api/escrow/complete-milestone', async (request) => {
    const body = CompleteMilestoneBodySchema.parse(request.body);
    const user = await requireUser(request);
    return completeMilestone(deps, body, { kind: 'user', userId: user.id });
  });

  app.post('/api/escrow/initiate-dispute', async (request, reply) => {
    const body = InitiateDisputeBodySchema.parse(request.body);
    return reply.status(201).send(await initiateDispute(deps, body, await requireUser(request)));
  });
}
