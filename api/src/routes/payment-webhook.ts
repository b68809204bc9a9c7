// The payment provider's webhook. Its body is kept as bytes (a scope of its own, so no other route loses its JSON
// parser): the signature covers the exact bytes sent, so it is checked before anything is parsed. A bad signature is
// 400 and touches nothing; a good one is parsed by the shared schema and applied once per event id.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { receivePaymentEvent } from '@app/core/escrow';
import { PaymentWebhookAckSchema, PaymentWebhookEventSchema } from '@app/shared';
import { Invalid } from '@app/core';
import { errors } from './responses.js';

export const PAYMENT_WEBHOOK_PATH = '/api/escrow/payments/webhook';

export const paymentWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

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
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) throw new Invalid('Send the event as application/json');
      const signature = request.headers[app.payments.signatureHeader];
      if (!app.payments.verifySignature(raw, typeof signature === 'string' ? signature : undefined, Date.now())) {
        throw new Invalid('The webhook signature does not match');
      }
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new Invalid('The event is not valid JSON');
      }
      const event = PaymentWebhookEventSchema.parse(json);
      const outcome = await receivePaymentEvent({ sql: app.sql, events: app.events }, event);
      request.log.info({ eventId: event.id, eventType: event.type, outcome }, 'payment webhook');
      return { received: true as const, duplicate: outcome === 'duplicate' };
    },
  );
};
