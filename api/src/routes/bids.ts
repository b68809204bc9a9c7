import type { FastifyInstance } from 'fastify';
import { PlaceBidBodySchema } from '@app/shared';
import { requireUser } from '../plugins/auth.js';
import { withIdempotency } from '../services/idempotency.js';

export async function bidRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/bids', async (request, reply) => {
    const body = PlaceBidBodySchema.parse(request.body);
    const user = await requireUser(request, body.userId);
    const key = request.headers['idempotency-key'];
    const result = await withIdempotency(app, user.id, typeof key === 'string' ? key : undefined, () =>
      app.bids.place({ auctionId: body.auctionId, bidder: user, amountCents: body.amount }),
    );
    return reply.status(result.status).send(result.body);
  });
}
