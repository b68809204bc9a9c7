// Multipart uploads with progress (fetch cannot report upload progress; XMLHttpRequest can), failing like apiRequest.
import { ApiError } from './api-client';

export function uploadFile<T>(url: string, file: Blob, fileName: string, onProgress?: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new ApiError(xhr.status, body, xhr.responseText || xhr.statusText));
    };
    xhr.onerror = () => reject(new ApiError(0, null, 'Network error: the upload did not reach the server'));
    const form = new FormData();
    form.append('file', file, fileName);
    xhr.send(form);
  });
}
