import { API_BASE } from '../../shared/api-paths';
import { getSession } from '../session/session-store';

/** Search parameters of a file route; empty values are left out. */
export type FileQuery = Record<string, string | number | undefined>;

/** A file the API served, or the server's refusal (its envelope message, else the status text). */
export type FetchedFile = { ok: true; blob: Blob; name: string | null; headers: Headers } | { ok: false; status: number; message: string };

/** The file name the server chose (RFC 6266: the UTF-8 `filename*`, else the ASCII `filename`), or null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // a malformed escape: the plain name below
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? null;
}

function urlOf(path: string, query: FileQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
  const search = params.toString();
  return `${API_BASE}/${path}${search ? `?${search}` : ''}`;
}

/**
 * A file of the API (an export, a published download, a stored upload, a picture). Files are
 * fetched rather than linked so that a refusal is told apart from a file; the session rides on
 * the HttpOnly cookie (same origin). A network failure rejects, as every other call does.
 */
export async function fetchFile(path: string, query: FileQuery = {}): Promise<FetchedFile> {
  const response = await fetch(urlOf(path, query), {
    headers: { 'accept-language': getSession().language },
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { msg?: string } | null;
    return { ok: false, status: response.status, message: body?.msg ?? response.statusText };
  }
  return {
    ok: true,
    blob: await response.blob(),
    name: fileNameOf(response.headers.get('content-disposition')),
    headers: response.headers,
  };
}
