// The VIN scanner: what it says, and how a decoded barcode becomes a VIN.
import { z } from 'zod';
import { VinSchema } from './schemas/cars.js';

export const VIN_SCAN_TEXTS = {
  notSupported: 'Camera not supported on this device',
  denied: 'Camera access denied. Please enable camera permissions and reload.',
  noCamera: 'No camera found. Please use photo upload instead.',
  unavailable: 'Camera unavailable. Please use photo upload instead.',
  notReady: 'Camera not ready. Please wait...',
  noVinCamera: 'No VIN detected. Try adjusting position and lighting.',
  noVinPhoto: 'No VIN detected. Try a clearer photo.',
  scanned: 'VIN Scanned Successfully!',
} as const;

/** Each scan costs the server real CPU: a person scanning a label needs far fewer than this. */
export const VIN_SCAN_RATE_LIMIT = { scans: 20, windowSeconds: 60 } as const;

/** Camera frames go to the scanner as JPEG at this quality (spec). */
export const VIN_SCAN_JPEG_QUALITY = 0.9;
/** The "VIN detected" screen closes by itself after this long (spec). */
export const VIN_DETECTED_CLOSE_MS = 1500;

export const VinScanSourceSchema = z.enum(['camera', 'photo']);
export type VinScanSource = z.infer<typeof VinScanSourceSchema>;

/** What the offline VIN decoder tells of a scanned VIN; null when it could not decode it. */
export const ScannedVehicleSchema = z.object({
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  /** vPIC's trim or series where it records one; the seller can still pick another. */
  trim: z.string().nullable(),
  bodyClass: z.string().nullable(),
  engine: z.string().nullable(),
  manufacturer: z.string().nullable(),
});
export type ScannedVehicle = z.infer<typeof ScannedVehicleSchema>;
export const VinScanResponseSchema = z.object({
  vin: z.string(),
  format: z.string(),
  vehicle: ScannedVehicleSchema.nullable(),
});
export type VinScanResponse = z.infer<typeof VinScanResponseSchema>;

/**
 * The VIN a decoded barcode holds, or null. Door-jamb Code 39 labels of imported cars often carry a leading "I" (import
 * marker) before the 17 characters; it is dropped. The VIN must pass the same rules as a typed one, check digit included.
 */
export function vinFromBarcodeText(text: string): string | null {
  let s = text.trim().toUpperCase().replace(/[\s-]/g, '');
  if (s.length === 18 && s.startsWith('I')) s = s.slice(1);
  const vin = VinSchema.safeParse(s);
  return vin.success ? vin.data : null;
}
