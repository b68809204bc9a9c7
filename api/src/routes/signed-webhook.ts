// What every signed webhook (the payment provider's, the carrier's) does before its own work: the body is kept as the
// exact bytes sent (the signature covers them), the signature is checked before anything is parsed, and only then is
// the body read as JSON. A bad signature or body is 400 and touches nothing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Invalid } from '@app/core';

export interface WebhookSigner {
  signatureHeader: string;
  verifySignature(raw: Buffer, signature: string | undefined, nowMs: number): boolean;
}

/** Keeps JSON bodies as bytes in this scope (a scope of its own, so no other route loses its JSON parser). */
export function keepRawJson(app: FastifyInstance, bodyLimit: number): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (_request, body, done) =>
    done(null, body),
  );
}

/** The webhook's JSON, once its signature matches the exact bytes sent. */
export function signedJson(request: FastifyRequest, signer: WebhookSigner): unknown {
  const raw = request.body;
  if (!Buffer.isBuffer(raw)) throw new Invalid('Send the event as application/json');
  const signature = request.headers[signer.signatureHeader];
  if (!signer.verifySignature(raw, typeof signature === 'string' ? signature : undefined, Date.now())) {
    throw new Invalid('The webhook signature does not match');
  }
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw new Invalid('The event is not valid JSON');
  }
}
