// Seller photos: upload (signed in, multipart, one file a request) and serving them back.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MultipartFile } from '@fastify/multipart';
import { PHOTO_TEXTS, PhotoParamsSchema, UploadedPhotoSchema } from '@app/shared';
import { DomainError, Invalid, NotFound } from '@app/core';
import { receiveUpload } from '../http/upload-receiver.js';
import { requireUser } from '../plugins/auth.js';
import { errors } from './responses.js';
import { limit } from '../plugins/rate-limits.js';

/**
 * Reading a multipart body can fail on the client's own bytes (truncated, no boundary, a malformed part header): the
 * parser throws a plain Error for those, which is a 400, not a 500. Disk and database errors keep their own nature.
 */
export function asMultipartError(err: unknown): unknown {
  if (err instanceof DomainError) return err;
  const e = err as { code?: string; statusCode?: number; message?: string };
  if (typeof e.statusCode === 'number' && e.statusCode < 500) return err;
  if (e.code === undefined && /multipart|boundary|form|part header|content-type/i.test(e.message ?? '')) {
    return new Invalid('The upload is not a valid multipart/form-data body');
  }
  return err;
}

/** Runs a handler that reads a multipart body, turning the parser's complaints into 400s. */
export async function readingMultipart<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw asMultipartError(err);
  }
}

/** The request's one file part, or a 400 that says how to send it. */
export async function singleFilePart(request: FastifyRequest): Promise<MultipartFile> {
  if (!request.isMultipart()) throw new Invalid('Send the image as multipart/form-data in a field named "file"');
  const part = await readingMultipart(() => request.file());
  if (!part) throw new Invalid(PHOTO_TEXTS.noFile);
  return part;
}

export const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/uploads/photos',
    {
      config: { rateLimit: limit('write', app.config) },
      schema: {
        tags: ['selling'],
        security: [{ session: [] }],
        description:
          'multipart/form-data with one `file` part: a PNG, JPEG or WebP photo (proven by its content), at most 10 MB',
        response: { 201: UploadedPhotoSchema, ...errors(400, 401, 413, 415, 503) },
      },
    },
    async (request, reply) => {
      const owner = await requireUser(request);
      const part = await singleFilePart(request);
      const saved = await readingMultipart(() =>
        receiveUpload(app.config.UPLOAD_DIR, part, PHOTO_TEXTS, (received) => app.photos.keep(owner, received)),
      );
      return reply.status(201).send(saved);
    },
  );

  // A bad name is "not found", like an unknown one: file names are not something a caller should probe.
  app.get(
    '/uploads/:name',
    { schema: { tags: ['selling'], description: 'A stored photo, served with its proven type' } },
    async (request, reply) => {
      const parsed = PhotoParamsSchema.safeParse(request.params);
      const found = parsed.success ? await app.photos.open(parsed.data.name) : null;
      if (!found) throw new NotFound('Photo not found');
      return (
        reply
          .type(found.contentType)
          .header('content-length', found.bytes)
          // The name is random and the content never changes; nosniff keeps browsers to the type we proved.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(found.stream)
      );
    },
  );
};
