import { API_BASE } from '../../../shared/api-paths';
import { REQUEST_TIMEOUT_MS } from '../../../shared/constants';
import type { Envelope } from '../../../shared/envelope';
import { uploadPaths, type UploadedFile } from '../../../shared/upload-api';
import { fetchFile } from '../../api/fetch-file';
import { getSession } from '../../session/session-store';

/** A refused or failed upload; `messages` are the server's translated reasons (one per rule). */
export class UploadFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly messages: string[],
  ) {
    super(message);
  }
}

/** The session rides on the HttpOnly cookie the browser sends by itself (same origin). */
function requestHeaders(): Record<string, string> {
  return { 'accept-language': getSession().language, accept: 'application/json' };
}

/**
 * Slowest upload speed we still wait for (bytes per second, about 1 Mbit/s): a large video
 * gets the time it needs on a slow line instead of the fixed request timeout.
 */
export const SLOWEST_UPLOAD_BYTES_PER_SECOND = 128 * 1024;

/** The request timeout (SPEC 9), longer for files that take longer at the slowest speed. */
export function uploadTimeoutMs(bytes: number): number {
  return Math.max(REQUEST_TIMEOUT_MS, Math.ceil((bytes / SLOWEST_UPLOAD_BYTES_PER_SECOND) * 1000));
}

/**
 * POST qms/file/upload with XMLHttpRequest: fetch (and so ky) cannot report upload progress
 * over HTTP/1.1 in browsers, XHR's `upload.onprogress` can. The `rule` field goes first: the
 * server reads the parts in order and needs the rule before the file.
 */
export function sendUpload(
  file: File,
  rule: string,
  onProgress: (percent: number, sentBytes: number, totalBytes: number) => void,
  /** another upload path (the open temporary-registration upload), relative to API_BASE */
  path: string = uploadPaths.upload,
): { done: Promise<UploadedFile>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadedFile>((resolve, reject) => {
    const form = new FormData();
    form.append('rule', rule);
    form.append('file', file, file.name);
    xhr.open('POST', `${API_BASE}/${path}`);
    xhr.timeout = uploadTimeoutMs(file.size);
    for (const [name, value] of Object.entries(requestHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100), event.loaded, event.total);
    };
    xhr.onload = () => {
      let envelope: Envelope<UploadedFile | null> | null = null;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<UploadedFile | null>;
      } catch {
        envelope = null;
      }
      if (xhr.status === 200 && envelope?.code === 200 && envelope.data) return resolve(envelope.data);
      const messages = envelope?.fieldErrors?.map((item) => item.message) ?? [];
      reject(new UploadFailure(envelope?.msg ?? xhr.statusText, envelope?.code ?? xhr.status, messages));
    };
    xhr.onerror = () => reject(new UploadFailure('', 0, []));
    xhr.ontimeout = () => reject(new UploadFailure('', 0, []));
    xhr.onabort = () => reject(new UploadFailure('', -1, []));
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

/** Name, type and size of a stored file (null when it is gone or not the caller's to read). */
export async function fetchFileInfo(id: string): Promise<UploadedFile | null> {
  try {
    const response = await fetch(`${API_BASE}/${uploadPaths.info(encodeURIComponent(id))}`, {
      headers: requestHeaders(),
      credentials: 'same-origin',
    });
    if (!response.ok) return null;
    const envelope = (await response.json()) as Envelope<UploadedFile | null>;
    return envelope.code === 200 ? envelope.data : null;
  } catch {
    return null;
  }
}

/**
 * A stored file as a data: URL (the page CSP allows data: images; fetched with the session
 * cookie), or null when it cannot be had: a preview is never worth an unhandled rejection.
 */
export async function fetchFileAsDataUrl(id: string): Promise<{ dataUrl: string; mime: string } | null> {
  try {
    const file = await fetchFile(`${uploadPaths.file}/${encodeURIComponent(id)}`);
    if (!file.ok) return null;
    return { dataUrl: await readAsDataUrl(file.blob), mime: file.blob.type };
  } catch {
    return null;
  }
}

export function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}
