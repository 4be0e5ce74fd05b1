import { ClientApiError } from './http';
import type { ApiErrorBody } from '../contracts/errors';
import type { Image, ImagePurpose } from '../contracts/images';

function isErrorBody(payload: unknown): payload is ApiErrorBody {
  if (typeof payload !== 'object' || payload === null) return false;
  const { message, errorCode } = payload as Record<string, unknown>;
  return typeof message === 'string' && typeof errorCode === 'string';
}

/**
 * POST /api/images of one file for a purpose (profile photo, insurance card side), through
 * XMLHttpRequest because fetch reports no upload progress. Fails with the same ClientApiError as
 * apiFetch (status 0 for a network failure), or an AbortError when aborted.
 */
export function uploadImage(
  purpose: ImagePurpose,
  file: Blob,
  fileName: string,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<Image> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('purpose', purpose);
    form.append('images', file, fileName);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/images');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-locale', document.documentElement.lang === 'es' ? 'es' : 'en');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const payload: unknown = xhr.response;
      if (xhr.status >= 200 && xhr.status < 300 && Array.isArray(payload) && payload[0]) {
        options.onProgress?.(1);
        resolve(payload[0] as Image);
      } else {
        reject(new ClientApiError(xhr.status || 0, isErrorBody(payload) ? payload : undefined));
      }
    };
    xhr.onerror = () => reject(new ClientApiError(0, undefined));
    xhr.onabort = () => reject(new DOMException('The upload was canceled.', 'AbortError'));
    if (options.signal) {
      if (options.signal.aborted) return reject(new DOMException('The upload was canceled.', 'AbortError'));
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
