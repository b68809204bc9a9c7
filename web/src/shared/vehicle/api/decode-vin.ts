import { VinDecodeResponseSchema } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** The offline decode of a typed VIN: year, make, model and trim, or null when the VIN tells none. */
export const decodeVin = (vin: string) =>
  apiRequest('POST', '/api/vin/decode', VinDecodeResponseSchema, { body: { vin } });
