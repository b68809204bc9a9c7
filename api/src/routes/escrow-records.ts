// Escrow payments (the buyer's intent and the sandbox card form), documents, shipping; the admin's document review
// and dispute mediation. Each route parses with its shared schema and calls one service.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminDisputeBodySchema,
  AdminDisputeResultSchema,
  AdminDocumentParamsSchema,
  AdminDocumentReviewBodySchema,
  DOCUMENT_TEXTS,
  DisputeMessageBodySchema,
  DisputeMessageResultSchema,
  DocumentParamsSchema,
  InsuranceAddedSchema,
  InsuranceBodySchema,
  EscrowChangeResponseSchema,
  IdParamsSchema,
  PaymentIntentBodySchema,
  PaymentIntentSchema,
  SandboxCardBodySchema,
  SandboxCardResultSchema,
  ShippingBodySchema,
  ShippingResultSchema,
  UploadDocumentFieldsSchema,
  UploadedDocumentSchema,
} from '@app/shared';
import { Invalid } from '@app/core';
import { receiveUpload } from '../http/upload-receiver.js';
import { currentAdmin, requireAdmin, requireUser } from '../plugins/auth.js';
import { limit } from '../plugins/rate-limits.js';
import {
  addInsurance,
  openDocument,
  payWithSandboxCard,
  postDisputeMessage,
  resolveDispute,
  reviewDispute,
  reviewDocument,
  startPayment,
  updateShipping,
  assertMayUploadDocument,
  uploadDocument,
} from '@app/core/escrow';
import { readingMultipart } from './photos.js';
import { errors } from './responses.js';

const tags = ['escrow'];
const security = [{ session: [] }];
const adminSecurity = [{ adminSession: [] }];

export const escrowRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { sql: app.sql, events: app.events, payments: app.payments, documents: app.documents };
  const write = { rateLimit: limit('write', app.config) };

  app.post(
    '/api/escrow/payments/intent',
    {
      config: write,
      schema: {
        tags,
        security,
        body: PaymentIntentBodySchema,
        response: { 200: PaymentIntentSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => startPayment(deps, request.body, await requireUser(request)),
  );

  app.post(
    '/api/escrow/payments/sandbox/confirm',
    {
      config: write,
      schema: {
        tags,
        security,
        description:
          "The sandbox provider's card form: a test card answers 202 and the confirmation follows as a signed webhook; any other card is declined (402).",
        body: SandboxCardBodySchema,
        response: { 202: SandboxCardResultSchema, ...errors(400, 401, 402, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await payWithSandboxCard(deps, request.body, await requireUser(request))),
  );

  app.post(
    '/api/escrow/upload-document',
    {
      config: write,
      schema: {
        tags,
        security,
        description:
          'multipart/form-data: `transactionId` and `documentType` fields, then one `file` part (PDF, PNG or JPEG proven by its content, at most 10 MB)',
        response: { 201: UploadedDocumentSchema, ...errors(400, 401, 403, 404, 409, 413, 415, 503) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      if (!request.isMultipart())
        throw new Invalid('Send the document as multipart/form-data: transactionId, documentType, then file');
      const part = await readingMultipart(() => request.file());
      if (!part) throw new Invalid(DOCUMENT_TEXTS.noFile);
      const fields = Object.fromEntries(
        Object.entries(part.fields).flatMap(([k, v]) =>
          v && !Array.isArray(v) && v.type === 'field' ? [[k, v.value]] : [],
        ),
      );
      const parsed = UploadDocumentFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        part.file.resume();
        throw parsed.error;
      }
      // A stranger's file is never read, let alone decoded: the rest of the upload is let through unread, so the
      // refusal is answered at once.
      try {
        await assertMayUploadDocument(app.sql, parsed.data, user);
      } catch (err) {
        part.file.resume();
        throw err;
      }
      const saved = await readingMultipart(() =>
        receiveUpload(app.config.UPLOAD_DIR, part, DOCUMENT_TEXTS, (received) =>
          uploadDocument(deps, { ...parsed.data, received }, user),
        ),
      );
      return reply.status(201).send(saved);
    },
  );

  // A document is only for the parties and admins; anyone else (or a bad id) finds nothing.
  app.get(
    '/api/escrow/documents/:documentId',
    {
      schema: {
        tags,
        security,
        params: DocumentParamsSchema,
        description: 'A document file, for the parties of its escrow and admins',
      },
    },
    async (request, reply) => {
      const admin = await currentAdmin(request);
      const viewer = admin ? { admin: true as const } : { userId: (await requireUser(request)).id };
      const found = await openDocument(app.sql, app.documents, request.params.documentId, viewer);
      return reply
        .type(found.contentType)
        .header('content-length', found.bytes)
        .header('content-disposition', `attachment; filename="${found.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(found.stream);
    },
  );

  app.post(
    '/api/escrow/shipping',
    {
      config: write,
      schema: {
        tags,
        security,
        body: ShippingBodySchema,
        response: { 200: ShippingResultSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { transactionId, ...details } = request.body;
      return updateShipping(deps, { transactionId, ...details }, await requireUser(request));
    },
  );

  app.post(
    '/api/escrow/insurance',
    {
      config: write,
      schema: {
        tags,
        security,
        description:
          'The buyer adds the transit policy (sample rates, docs/escrow.md) before paying; its premium joins the payment schedule',
        body: InsuranceBodySchema,
        response: { 201: InsuranceAddedSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addInsurance(deps, request.body.transactionId, await requireUser(request))),
  );

  app.post(
    '/api/escrow/dispute-messages',
    {
      config: write,
      schema: {
        tags,
        security,
        body: DisputeMessageBodySchema,
        response: { 201: DisputeMessageResultSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply
        .status(201)
        .send(
          await postDisputeMessage(
            deps,
            request.body.transactionId,
            { kind: 'user', userId: user.id },
            request.body.message,
          ),
        );
    },
  );

  app.post(
    '/api/admin/escrows/:id/documents/:documentId/review',
    {
      schema: {
        tags: ['admin'],
        security: adminSecurity,
        params: AdminDocumentParamsSchema,
        body: AdminDocumentReviewBodySchema,
        response: { 200: EscrowChangeResponseSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return reviewDocument(
        deps,
        { transactionId: request.params.id, documentId: request.params.documentId, ...request.body },
        admin.id,
      );
    },
  );

  app.post(
    '/api/admin/escrows/:id/dispute',
    {
      schema: {
        tags: ['admin'],
        security: adminSecurity,
        params: IdParamsSchema,
        body: AdminDisputeBodySchema,
        response: { 200: AdminDisputeResultSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const body = request.body;
      if (body.action === 'review') return reviewDispute(deps, request.params.id, admin.id);
      // A mediator who writes has taken the dispute: it is in review from then on.
      if (body.action === 'message') {
        await postDisputeMessage(deps, request.params.id, { kind: 'admin', adminId: admin.id }, body.message);
        return reviewDispute(deps, request.params.id, admin.id);
      }
      return resolveDispute(
        deps,
        {
          transactionId: request.params.id,
          outcome: body.outcome,
          refundCents: body.refundAmount,
          decision: body.decision,
        },
        admin.id,
      );
    },
  );
};
