// The payment provider's webhook, checked as every signed webhook is (signed-webhook.ts): a bad signature is 400 and
// touches nothing; a good one is parsed by the shared schema of its kind and applied once per event id.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { receivePaymentEvent, sampleSellerShips } from '@app/core/escrow';
import { receiveHoldEvent, receiveSetupEvent } from '@app/core/payments';
import {
  HoldWebhookEventSchema,
  PaymentWebhookAckSchema,
  PaymentWebhookEventSchema,
  SetupWebhookEventSchema,
} from '@app/shared';
import { errors } from './responses.js';
import { keepRawJson, signedJson } from './signed-webhook.js';

export const PAYMENT_WEBHOOK_PATH = '/api/escrow/payments/webhook';

export const paymentWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  keepRawJson(app, 64 * 1024);

  app.post(
    PAYMENT_WEBHOOK_PATH,
    {
      schema: {
        tags: ['escrow'],
        description: `Called by the payment provider, signed in the \`${app.payments.signatureHeader}\` header (HMAC-SHA256 of "t.body"). Applied once per event id.`,
        response: { 200: PaymentWebhookAckSchema, ...errors(400) },
      },
    },
    async (request) => {
      const json = signedJson(request, app.payments);
      // Escrow payments, saved cards and bid holds share the one endpoint, told apart by the event's type.
      const type = (json as { type?: unknown } | null)?.type;
      let event: { id: string; type: string };
      let outcome: string;
      if (typeof type === 'string' && type.startsWith('setup_intent.')) {
        const e = SetupWebhookEventSchema.parse(json);
        [event, outcome] = [e, await receiveSetupEvent(app.sql, e)];
      } else if (typeof type === 'string' && type.startsWith('hold.')) {
        const e = HoldWebhookEventSchema.parse(json);
        [event, outcome] = [e, await receiveHoldEvent(app.sql, e)];
      } else {
        const e = PaymentWebhookEventSchema.parse(json);
        [event, outcome] = [
          e,
          await receivePaymentEvent({ sql: app.sql, events: app.events, payments: app.payments }, e),
        ];
        // A demo car's sample seller ships as soon as its sale is paid; its trouble never fails the provider's delivery.
        if (outcome === 'applied') {
          await sampleSellerShips(
            { sql: app.sql, events: app.events, documents: app.documents },
            e.data.transactionId,
          ).catch((err: unknown) => request.log.warn({ err }, 'the sample seller could not ship'));
        }
      }
      request.log.info({ eventId: event.id, eventType: event.type, outcome }, 'payment webhook');
      return { received: true as const, duplicate: outcome === 'duplicate' };
    },
  );
};
