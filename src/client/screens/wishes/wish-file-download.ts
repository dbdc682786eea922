import { API_BASE } from '../../../shared/api-paths';
import { uploadPaths } from '../../../shared/upload-api';
import { getSession } from '../../session/session-store';

/**
 * Saves a stored file under its original name: the bytes come through fetch (with the session
 * cookie) and leave as a blob: URL under that name.
 */
export async function downloadStoredFile(id: string, name: string): Promise<boolean> {
  const response = await fetch(`${API_BASE}/${uploadPaths.file}/${encodeURIComponent(id)}`, {
    headers: { 'accept-language': getSession().language },
    credentials: 'same-origin',
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
