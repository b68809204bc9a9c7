// Multipart uploads with progress (fetch cannot report upload progress; XMLHttpRequest can), failing like apiRequest
// and parsing the answer by its schema like every other request.
import { ApiError, failedAnswer, jsonOrNull, parseAnswer } from './api-client';
import type { Schema } from './contract';

/** `fields` go before the file: the server reads them before it streams the file. */
export function uploadFile<T>(
  url: string,
  schema: Schema<T>,
  file: Blob,
  fileName: string,
  onProgress?: (fraction: number) => void,
  fields: Record<string, string> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(failedAnswer(xhr.status, xhr.statusText, xhr.responseText));
        return;
      }
      try {
        resolve(parseAnswer(schema, jsonOrNull(xhr.responseText), `POST ${url}`));
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, null, 'Network error: the upload did not reach the server'));
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', file, fileName);
    xhr.send(form);
  });
}
