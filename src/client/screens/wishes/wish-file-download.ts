import { API_BASE } from '../../../shared/api-paths';
import { uploadPaths } from '../../../shared/upload-api';
import { getSession } from '../../session/session-store';
import { readToken } from '../../session/token-cookie';

/**
 * Saves a stored file under its original name. The file route needs the bearer header, so a
 * plain link cannot fetch it: the bytes come through fetch and leave as a blob: URL.
 */
export async function downloadStoredFile(id: string, name: string): Promise<boolean> {
  const token = readToken();
  const response = await fetch(`${API_BASE}/${uploadPaths.file}/${encodeURIComponent(id)}`, {
    headers: { 'accept-language': getSession().language, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) return false;
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // the click has started the download; the URL is not needed after this turn
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return true;
}
