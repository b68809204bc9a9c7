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
export const PhotoFileNameSchema = z.string().regex(/^[a-f0-9]{32}\.(png|jpg|webp)$/, 'Unknown photo');
export const PHOTO_URL_PREFIX = '/uploads/';
export const photoUrl = (fileName: string) => `${PHOTO_URL_PREFIX}${fileName}`;
/** The file name inside a photo URL the API handed out, or null for any other string. */
export function photoFileNameOf(url: string): string | null {
  if (!url.startsWith(PHOTO_URL_PREFIX)) return null;
  const name = url.slice(PHOTO_URL_PREFIX.length);
  return PhotoFileNameSchema.safeParse(name).success ? name : null;
}

export const PhotoParamsSchema = z.object({ name: PhotoFileNameSchema });
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
