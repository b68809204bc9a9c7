import { UploadedPhotoSchema, type UploadedPhoto } from '@app/shared';
import { uploadFile } from '../../../lib/upload';

export const uploadPhoto = (file: File, onProgress: (fraction: number) => void): Promise<UploadedPhoto> =>
  uploadFile('/api/uploads/photos', UploadedPhotoSchema, file, file.name, onProgress);
