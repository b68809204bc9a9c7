import { VinScanResponseSchema, type VinScanResponse, type VinScanSource } from '@app/shared';
import { uploadFile } from '../../../lib/upload';

/** The frame goes to the API as a JPEG, where the barcode is read and the VIN checked. */
export const scanVin = (frame: Blob, source: VinScanSource): Promise<VinScanResponse> =>
  uploadFile(`/api/vin/scan?source=${source}`, VinScanResponseSchema, frame, 'frame.jpg');
