import { API_BASE } from '../../../shared/api-paths';
import { getSession } from '../../session/session-store';

/** The name of an attachment answer: the RFC 5987 UTF-8 name, else the ASCII fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // a malformed escape: use the plain name below
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] || fallback;
}

/**
 * Saves a file the API serves as an attachment: fetched (with the session cookie) so that a
 * failure can be told apart, then handed to the browser as a blob URL. Resolves false on failure.
 */
export async function saveAuthorisedFile(path: string, fallbackName: string): Promise<boolean> {
  const response = await fetch(`${API_BASE}/${path}`, {
    headers: { 'accept-language': getSession().language },
    credentials: 'same-origin',
  });
  if (!response.ok) return false;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
