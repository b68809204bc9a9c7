import type { FastifyInstance } from 'fastify';
import { AuctionListQuerySchema, BuyNowBodySchema, IdParamsSchema, SERVER_TIME_HEADER } from '@app/shared';
import { getAuctionDetail, listLiveAuctions } from '../services/auction-read.js';
import { buyNow } from '../services/buy-now.js';
import { requireUser } from '../plugins/auth.js';

export async function auctionRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/auctions', async (request, reply) => {
    const query = AuctionListQuerySchema.parse(request.query);
    const auctions = await listLiveAuctions(app.sql, query);
    return reply.header(SERVER_TIME_HEADER, String(Date.now())).send(auctions);
  });

  app.get('/api/auctions/:id', async (request) => {
    const { id } = IdParamsSchema.parse(request.params);
    return getAuctionDetail(app.sql, id);
  });

  app.post('/api/auctions/:id/buy-now', async (request, reply) => {
    const { id } = IdParamsSchema.parse(request.params);
    const body = BuyNowBodySchema.parse(request.body ?? {});
    const user = await requireUser(request, body.userId);
    const result = await buyNow(app.sql, app.events, { auctionId: id, buyer: user });
    return reply.status(201).send(result);
  });
}
