import { fetchFile, type FileQuery } from './fetch-file';

/** Long enough for the browser to start reading the blob: URL the click handed it. */
const OBJECT_URL_LIFETIME_MS = 10_000;

/** Hands bytes to the browser as a download under `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

/**
 * Downloads a file of the API under the name the server gave it (exports name it by what and
 * when, in the caller's language); `fallbackName` is used only when the server gave none.
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  query: FileQuery = {},
): Promise<{ ok: true } | { ok: false; message: string }> {
  const file = await fetchFile(path, query);
  if (!file.ok) return { ok: false, message: file.message };
  saveBlob(file.blob, file.name ?? fallbackName);
  return { ok: true };
}
