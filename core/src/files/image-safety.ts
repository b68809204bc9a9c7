// Images from outside are never trusted by their first bytes. The header is read first (no pixels decoded) so a small
// file claiming 20,000 x 20,000 pixels is refused before it can take a gigabyte to decode; a photo that is kept is
// then decoded completely (a file that only starts like an image fails here), turned upright, its metadata (camera,
// EXIF location) dropped, and encoded afresh; escrow documents that are images go the same way. Decoding runs on
// libuv's thread pool, off the event loop.
import sharp from 'sharp';
import { PHOTO_TEXTS, type PhotoType } from '@app/shared';
import { DomainError } from '../errors.js';

/** A 40-megapixel photo (for instance 7,750 x 5,160) is the largest accepted anywhere. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Stored photos are at most this many pixels on their long edge: plenty for a listing, a fraction of the bytes. */
export const MAX_PHOTO_EDGE = 3000;

const FORMATS: Record<string, PhotoType> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

export const IMAGE_TEXTS = {
  tooManyPixels: `The image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`,
} as const;

/** The real format and size from the image's header, or null when it is not a readable PNG, JPEG or WebP image. */
export async function inspectImage(input: Buffer): Promise<{ type: PhotoType; width: number; height: number } | null> {
  try {
    const m = await sharp(input, { limitInputPixels: false }).metadata();
    const type = m.format ? FORMATS[m.format] : undefined;
    if (!type || !m.width || !m.height) return null;
    return { type, width: m.width, height: m.height };
  } catch {
    return null;
  }
}

/** Refuses what is not an image (415, with `notAccepted`) or has too many pixels (413), from the header alone. */
export async function assertSafeImage(
  input: Buffer,
  notAccepted: string = PHOTO_TEXTS.notAnImage,
): Promise<{ type: PhotoType; width: number; height: number }> {
  const info = await inspectImage(input);
  if (!info) throw new DomainError(415, notAccepted);
  if (info.width * info.height > MAX_IMAGE_PIXELS) throw new DomainError(413, IMAGE_TEXTS.tooManyPixels);
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
}

const PHOTO_RULES: ReencodeRules = {
  accept: ['image/png', 'image/jpeg', 'image/webp'],
  maxEdge: MAX_PHOTO_EDGE,
  pngCompression: 9,
  notAccepted: PHOTO_TEXTS.notAnImage,
};

/** The image decoded, upright, without metadata, within `maxEdge` pixels on its long side, encoded again in its own format. */
export async function reencodeImage(input: Buffer, rules: ReencodeRules): Promise<{ data: Buffer; type: PhotoType }> {
  const { type } = await assertSafeImage(input, rules.notAccepted);
  if (!rules.accept.includes(type)) throw new DomainError(415, rules.notAccepted);
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
}

/** A seller's photo, as stored: at most MAX_PHOTO_EDGE pixels on a side. */
export const reencodePhoto = (input: Buffer) => reencodeImage(input, PHOTO_RULES);

/** A frame for the barcode reader, made smaller when it is larger than any label photo needs to be. */
export async function frameForScan(input: Buffer, maxEdge = 2400): Promise<Buffer> {
  const { width, height } = await assertSafeImage(input);
  if (Math.max(width, height) <= maxEdge) return input;
  return sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS })
    .resize({ width: maxEdge, height: maxEdge, fit: 'inside' })
    .png()
    .toBuffer();
}
