import type { FastifyInstance } from 'fastify';
import { AcceptTermsBodySchema, AuctionIdParamsSchema, CompleteMilestoneBodySchema, InitiateDisputeBodySchema } from '@app/shared';
import { requireUser } from '../plugins/auth.js';
import { acceptTerms, completeMilestone, getEscrowForAuction, initiateDispute } from '../services/escrow.js';

export async function escrowRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/escrow/transaction/:auctionId', async (request) => {
    const { auctionId } = AuctionIdParamsSchema.parse(request.params);
    return getEscrowForAuction(app.sql, auctionId, await requireUser(request));
  });

  app.post('/api/escrow/accept-terms', async (request) => {
    const body = AcceptTermsBodySchema.parse(request.body);
    await acceptTerms(app.sql, body.transactionId, body.userRole, await requireUser(request));
    return { ok: true };
  });

  app.post('/api/escrow/complete-milestone', async (request) => {
    const body = CompleteMilestoneBodySchema.parse(request.body);
    return completeMilestone(app.sql, body, await requireUser(request));
  });

  app.post('/api/escrow/initiate-dispute', async (request, reply) => {
    const body = InitiateDisputeBodySchema.parse(request.body);
    return reply.status(201).send(await initiateDispute(app.sql, body, await requireUser(request)));
  });
}
