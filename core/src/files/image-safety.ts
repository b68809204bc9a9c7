// Images from outside are never trusted by their first bytes. The header is read first (no pixels decoded) so a small
// file claiming 20,000 x 20,000 pixels is refused before it can take a gigabyte to decode; a photo that is kept is
// then decoded completely (a file that only starts like an image fails here), turned upright, its metadata (camera,
// EXIF location) dropped, and encoded afresh; escrow documents that are images go the same way. Decoding runs on
// libuv's thread pool, off the event loop, one image at a time per process (decode-queue.ts).
import sharp from 'sharp';
import { PHOTO_TEXTS, type PhotoType } from '@app/shared';
import { DomainError } from '../errors.js';
import { decodeQueue, type DecodeKind } from './decode-queue.js';

// libvips keeps recent operations and their pixels for reuse; an upload is decoded once, so keeping them only holds
// memory after the work is done.
sharp.cache(false);

/** A 40-megapixel photo (for instance 7,750 x 5,160) is the largest accepted anywhere. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/**
 * What its pixels may take once decoded: 40 megapixels at 8 bits a channel with alpha. Deeper images get fewer pixels
 * (a 16-bit RGBA PNG at most 20 megapixels): decoding one such image at the limit grows the API by about 80 MB, so the
 * decode queue's one-at-a-time keeps four uploads at once under 250 MB (measured in api/test/image-decoding.test.ts).
 */
export const MAX_DECODED_BYTES = MAX_IMAGE_PIXELS * 4;
/** Stored photos are at most this many pixels on their long edge: plenty for a listing, a fraction of the bytes. */
export const MAX_PHOTO_EDGE = 3000;

const FORMATS: Record<string, PhotoType> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

/** Bytes per channel of libvips' sample formats. */
const SAMPLE_BYTES: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4 };

export const IMAGE_TEXTS = {
  tooManyPixels: `The image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`,
  tooDeep: `The image is too large to process: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels at 8 bits per channel`,
} as const;

interface ImageHeader {
  type: PhotoType;
  width: number;
  height: number;
  /** What the pixels take once decoded: width x height x channels x bytes per channel. */
  decodedBytes: number;
}

/** The real format and size from the image's header, or null when it is not a readable PNG, JPEG or WebP image. */
export async function inspectImage(input: Buffer): Promise<ImageHeader | null> {
  try {
    const m = await sharp(input, { limitInputPixels: false }).metadata();
    const type = m.format ? FORMATS[m.format] : undefined;
    if (!type || !m.width || !m.height) return null;
    const decodedBytes = m.width * m.height * (m.channels ?? 4) * (SAMPLE_BYTES[m.depth ?? ''] ?? 8);
    return { type, width: m.width, height: m.height, decodedBytes };
  } catch {
    return null;
  }
}

/**
 * Refuses what is not an image (415, with `notAccepted`) or would take too much to decode (413: too many pixels, or
 * pixels too deep), from the header alone.
 */
export async function assertSafeImage(
  input: Buffer,
  notAccepted: string = PHOTO_TEXTS.notAnImage,
): Promise<ImageHeader> {
  const info = await inspectImage(input);
  if (!info) throw new DomainError(415, notAccepted);
  if (info.width * info.height > MAX_IMAGE_PIXELS) throw new DomainError(413, IMAGE_TEXTS.tooManyPixels);
  if (info.decodedBytes > MAX_DECODED_BYTES) throw new DomainError(413, IMAGE_TEXTS.tooDeep);
  return info;
}

export interface ReencodeRules {
  /** The formats kept; any other readable image is refused like a non-image. */
  accept: readonly PhotoType[];
  /** The longest edge kept, in pixels; larger images are scaled down. */
  maxEdge: number;
  /** zlib effort for PNG: 9 for small photos (fewer bytes), lower for large scans (a page must not take seconds). */
  pngCompression: number;
  /** The refusal's words (415). */
  notAccepted: string;
  /** What the decode counts as (decode-queue.ts). */
  kind: DecodeKind;
}

const PHOTO_RULES: ReencodeRules = {
  accept: ['image/png', 'image/jpeg', 'image/webp'],
  maxEdge: MAX_PHOTO_EDGE,
  pngCompression: 9,
  notAccepted: PHOTO_TEXTS.notAnImage,
  kind: 'photo',
};

/** The image decoded, upright, without metadata, within `maxEdge` pixels on its long side, encoded again in its own format. */
export async function reencodeImage(input: Buffer, rules: ReencodeRules): Promise<{ data: Buffer; type: PhotoType }> {
  const { type } = await assertSafeImage(input, rules.notAccepted);
  if (!rules.accept.includes(type)) throw new DomainError(415, rules.notAccepted);
  return decodeQueue.run(rules.kind, async () => {
    try {
      const pipeline = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: rules.maxEdge, height: rules.maxEdge, fit: 'inside', withoutEnlargement: true });
      const encoded =
        type === 'image/png'
          ? pipeline.png({ compressionLevel: rules.pngCompression })
          : type === 'image/webp'
            ? pipeline.webp({ quality: 85 })
            : pipeline.jpeg({ quality: 85, mozjpeg: true });
      return { data: await encoded.toBuffer(), type };
    } catch {
      // The header was fine but the pixels are not: a truncated or forged file.
      throw new DomainError(415, rules.notAccepted);
    }
  });
}

/** A seller's photo, as stored: at most MAX_PHOTO_EDGE pixels on a side. */
export const reencodePhoto = (input: Buffer) => reencodeImage(input, PHOTO_RULES);

/** A frame for the barcode reader, made smaller when it is larger than any label photo needs to be. */
export async function frameForScan(input: Buffer, maxEdge = 2400): Promise<Buffer> {
  const { width, height } = await assertSafeImage(input);
  if (Math.max(width, height) <= maxEdge) return input;
  return decodeQueue.run('scan', () =>
    sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS })
      .resize({ width: maxEdge, height: maxEdge, fit: 'inside' })
      .png()
      .toBuffer(),
  );
}
