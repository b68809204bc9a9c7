// Seller photos: which files are accepted, judged by their first bytes rather than by the name or the declared type.
import { z } from 'zod';

export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTOS_PER_CAR_MAX = 20;
export const PHOTO_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;
export type PhotoType = keyof typeof PHOTO_TYPES;
/** How many leading bytes sniffPhotoType needs. */
export const PHOTO_SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, at: number, sig: number[]) => sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type the bytes really hold, or null when they are not a PNG, JPEG or WebP image. */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, 0, ascii('RIFF')) && startsWith(bytes, 8, ascii('WEBP'))) return 'image/webp';
  return null;
}

/** A stored photo's file name: random hex and the extension of its sniffed type. */
const PHOTO_FILE_NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/;
export const PhotoFileNameSchema = z.string().regex(PHOTO_FILE_NAME, 'Unknown photo');
export const PHOTO_URL_PREFIX = '/uploads/';
export const photoUrl = (fileName: string) => `${PHOTO_URL_PREFIX}${fileName}`;
/** The file name inside a photo URL the API handed out, or null for any other string. */
export function photoFileNameOf(url: string): string | null {
  if (!url.startsWith(PHOTO_URL_PREFIX)) return null;
  const name = url.slice(PHOTO_URL_PREFIX.length);
  // A plain pattern, not the schema: pages call this for every card, and the first page loads without zod.
  return PHOTO_FILE_NAME.test(name) ? name : null;
}

/**
 * The widths every uploaded photo is also kept at (WebP), for the sizes pages show it at: a card (about 400 px wide),
 * the listing's gallery on a desktop (about 800 px) and either on a screen of twice the density. A photo narrower than a
 * width is kept at its own width under that name: never enlarged.
 */
export const PHOTO_WIDTHS = [400, 800, 1600] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
/** The name of a photo's copy at one of PHOTO_WIDTHS. */
export const photoSizeName = (fileName: string, width: PhotoWidth) => `${fileName.slice(0, 32)}-w${width}.webp`;
/** A name the photo route serves: an uploaded photo or one of its sizes. */
export const PhotoServedNameSchema = z
  .string()
  .regex(new RegExp(`^[a-f0-9]{32}(\\.(png|jpg|webp)|-w(${PHOTO_WIDTHS.join('|')})\\.webp)$`), 'Unknown photo');

/**
 * An <img>'s srcset for a photo URL: the photo's sizes for an uploaded photo, null for any other image (the drawn
 * sample cars are SVGs, sharp at every size). The browser picks the smallest size that fills the slot.
 */
export function photoSrcSet(url: string): string | null {
  const name = photoFileNameOf(url);
  if (!name) return null;
  return PHOTO_WIDTHS.map((w) => `${photoUrl(photoSizeName(name, w))} ${w}w`).join(', ');
}

export const PhotoParamsSchema = z.object({ name: PhotoServedNameSchema });
export const UploadedPhotoSchema = z.object({
  url: z.string(),
  contentType: z.enum(Object.keys(PHOTO_TYPES) as [PhotoType, ...PhotoType[]]),
  bytes: z.number().int(),
});
export type UploadedPhoto = z.infer<typeof UploadedPhotoSchema>;

export const PHOTO_TEXTS = {
  notAnImage: 'Only PNG, JPEG or WebP photos are accepted',
  tooLarge: 'Each photo must be 10 MB or smaller',
  noFile: 'Choose a photo to upload',
  notYours: "Upload the car's photos first: every image must be one of your uploaded photos",
} as const;
