// The VIN scanner's server half: a camera frame or a photo in, the VIN its barcode holds (and what it decodes to) out.
import type { FastifyInstance } from 'fastify';
import { PHOTO_TEXTS, VIN_SCAN_TEXTS, VinScanSourceSchema, sniffPhotoType } from '@app/shared';
import { z } from 'zod';
import { DomainError } from '../domain-errors.js';
import { requireUser } from '../plugins/auth.js';
import { readVinBarcode } from '../services/vin-barcode.js';
import { decodeVin } from '../services/vin-decoder.js';
import { singleFilePart } from './photos.js';

const ScanQuerySchema = z.object({ source: VinScanSourceSchema.default('camera') });

export async function vinScanRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/vin/scan', async (request) => {
    const { source } = ScanQuerySchema.parse(request.query);
    await requireUser(request);
    const part = await singleFilePart(request);
    const image = await part.toBuffer();
    if (part.file.truncated) throw new DomainError(413, PHOTO_TEXTS.tooLarge);
    const type = sniffPhotoType(image);
    if (type !== 'image/jpeg' && type !== 'image/png') throw new DomainError(415, 'Send the frame as a JPEG or PNG image');
    const found = await readVinBarcode(image);
    if (!found) throw new DomainError(422, source === 'photo' ? VIN_SCAN_TEXTS.noVinPhoto : VIN_SCAN_TEXTS.noVinCamera);
    // A decoder failure must not lose a good scan: the form still gets the VIN.
    const vehicle = await decodeVin(found.vin).catch(() => null);
    return { ...found, vehicle };
  });
}
