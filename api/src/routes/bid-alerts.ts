import type { FastifyInstance } from 'fastify';
import { CreateBidAlertBodySchema, IdParamsSchema, UpdateBidAlertBodySchema } from '@app/shared';
import { requireUser } from '../plugins/auth.js';
import { createAlert, deleteAlert, listAlerts, setAlertActive } from '../services/bid-alerts.js';

export async function bidAlertRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/bid-alerts', async (request) => listAlerts(app.sql, (await requireUser(request)).id));

  app.post('/api/bid-alerts', async (request, reply) => {
    const body = CreateBidAlertBodySchema.parse(request.body);
    const user = await requireUser(request, body.userId);
    return reply.status(201).send(await createAlert(app.sql, user.id, body));
  });

  app.patch('/api/bid-alerts/:id', async (request) => {
    const { id } = IdParamsSchema.parse(request.params);
    const body = UpdateBidAlertBodySchema.parse(request.body);
    const user = await requireUser(request);
    return setAlertActive(app.sql, user.id, id, body.isActive);
  });

  app.delete('/api/bid-alerts/:id', async (request, reply) => {
    const { id } = IdParamsSchema.parse(request.params);
    const user = await requireUser(request);
    await deleteAlert(app.sql, user.id, id);
    return reply.status(204).send();
  });
}
