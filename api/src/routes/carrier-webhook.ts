// The carrier's tracking webhook, checked as every signed webhook is (signed-webhook.ts). A good delivery is applied
// once per event id: the car named by its tracking number is delivered, and its inspection starts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { receiveCarrierEvent } from '@app/core/escrow';
import { CarrierTrackingEventSchema, PaymentWebhookAckSchema } from '@app/shared';
import { errors } from './responses.js';
import { keepRawJson, signedJson } from './signed-webhook.js';

export const CARRIER_WEBHOOK_PATH = '/api/escrow/shipping/webhook';

export const carrierWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  keepRawJson(app, 16 * 1024);

  app.post(
    CARRIER_WEBHOOK_PATH,
    {
      schema: {
        tags: ['escrow'],
        description: `Called by the carrier, signed in the \`${app.carrier.signatureHeader}\` header (HMAC-SHA256 of "t.body"). A \`shipment.delivered\` event for the tracking number of an escrow's carrier shipment confirms the delivery; applied once per event id.`,
        response: { 200: PaymentWebhookAckSchema, ...errors(400) },
      },
    },
    async (request) => {
      const json = signedJson(request, app.carrier);
      const event = CarrierTrackingEventSchema.parse(json);
      const outcome = await receiveCarrierEvent({ sql: app.sql, events: app.events }, event);
      request.log.info({ eventId: event.id, outcome }, 'carrier webhook');
      return { received: true as const, duplicate: outcome === 'duplicate' };
    },
  );
};
