import { ApiError } from './api-client';

// The two slow halves of a document upload, each reporting progress and stopped by an AbortSignal.

const aborted = () => new DOMException('The upload was cancelled', 'AbortError');

/** FileReader.readAsDataURL with progress: the spec's payload carries the file as a base64 data URL. */
export function readAsDataUrl(file: File, signal: AbortSignal, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(aborted());
    const reader = new FileReader();
    signal.addEventListener('abort', () => reader.abort(), { once: true });
    reader.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    reader.onload = () => resolve(String(reader.result));
    reader.onabort = () => reject(aborted());
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * POST with upload progress. fetch cannot report how much of a body has been sent, so this one call uses
 * XMLHttpRequest; a refusal is the same ApiError as apiRequest's.
 */
export function postWithProgress<T>(path: string, body: unknown, signal: AbortSignal, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(aborted());
    const request = new XMLHttpRequest();
    signal.addEventListener('abort', () => request.abort(), { once: true });
    request.open('POST', path);
    request.withCredentials = true;
    request.setRequestHeader('Content-Type', 'application/json');
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(JSON.parse(request.responseText) as T);
      else reject(new ApiError(request.status, request.responseText || request.statusText));
    };
    request.onabort = () => reject(aborted());
    request.onerror = () => reject(new Error('The upload could not reach the server'));
    request.send(JSON.stringify(body));
  });
}
