// The smaller copies of a kept photo that pages show (PHOTO_WIDTHS), made once at upload: a phone downloads a card's
// 400 px copy, not the 3,000 px original. Made from the re-encoded photo (upright, no metadata), in the decode queue
// like every decode, so uploads at once cannot take every core.
import sharp from 'sharp';
import { PHOTO_WIDTHS, type PhotoWidth } from '@app/shared';
import { decodeQueue } from './decode-queue.js';

export interface PhotoSize {
  width: PhotoWidth;
  data: Buffer;
}

export async function photoSizes(photo: Buffer): Promise<PhotoSize[]> {
  return decodeQueue.run('photo', async () => {
    // One decode at a time, like every decode here: a 3,000 px 16-bit photo is about 50 MB decoded.
    const sizes: PhotoSize[] = [];
    for (const width of PHOTO_WIDTHS) sizes.push(await photoSize(photo, width));
    return sizes;
  });
}

/** One copy, never wider than the original. */
export async function photoSize(photo: Buffer, width: PhotoWidth): Promise<PhotoSize> {
  const data = await sharp(photo).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
  return { width, data };
}
