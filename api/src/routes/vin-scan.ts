// The VIN scanner's server half: a camera frame or a photo in, the VIN its barcode holds (and what it decodes to) out.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PHOTO_TEXTS,
  VIN_SCAN_TEXTS,
  VinDecodeBodySchema,
  VinDecodeResponseSchema,
  VinScanResponseSchema,
  VinScanSourceSchema,
} from '@app/shared';
import { z } from 'zod';
import { DomainError } from '@app/core';
import { frameForScan, inspectImage } from '@app/core/files';
import { requireUser } from '../plugins/auth.js';
import { limit } from '../plugins/rate-limits.js';
import { VinBarcodeReader } from '@app/core/vin';
import { readingMultipart, singleFilePart } from './photos.js';
import { errors } from './responses.js';

const ScanQuerySchema = z.object({ source: VinScanSourceSchema.default('camera') });

export const vinScanRoutes: FastifyPluginAsyncZod = async (app) => {
  const reader = new VinBarcodeReader();
  app.addHook('onClose', () => reader.close());

  app.post(
    '/api/vin/scan',
    {
      config: { rateLimit: limit('vinScan', app.config) },
      schema: {
        tags: ['selling'],
        security: [{ session: [] }],
        description:
          'multipart/form-data with one `file` part: a JPEG or PNG frame from the camera or a photo of the VIN label',
        querystring: ScanQuerySchema,
        response: { 200: VinScanResponseSchema, ...errors(400, 401, 413, 415, 422, 429, 503) },
      },
    },
    async (request) => {
      const { source } = request.query;
      await requireUser(request);
      const part = await singleFilePart(request);
      const image = await readingMultipart(() => part.toBuffer());
      if (part.file.truncated) throw new DomainError(413, PHOTO_TEXTS.tooLarge);
      // From the header first: a frame claiming too many pixels is refused before anything decodes it.
      const info = await inspectImage(image);
      if (info?.type !== 'image/jpeg' && info?.type !== 'image/png')
        throw new DomainError(415, 'Send the frame as a JPEG or PNG image');
      const found = await reader.read(await frameForScan(image));
      if (!found)
        throw new DomainError(422, source === 'photo' ? VIN_SCAN_TEXTS.noVinPhoto : VIN_SCAN_TEXTS.noVinCamera);
      // A decoder failure must not lose a good scan: the form still gets the VIN.
      const vehicle = await app.vinDecoder.decode(found.vin).catch(() => null);
      return { ...found, vehicle };
    },
  );

  /** A typed VIN decoded offline, so a form can fill year, make and model as a scan does. */
  app.post(
    '/api/vin/decode',
    {
      config: { rateLimit: limit('lookup', app.config) },
      schema: {
        tags: ['selling'],
        body: VinDecodeBodySchema,
        response: { 200: VinDecodeResponseSchema, ...errors(400, 429) },
      },
    },
    async (request) => ({
      vin: request.body.vin,
      vehicle: await app.vinDecoder.decode(request.body.vin).catch(() => null),
    }),
  );
};
