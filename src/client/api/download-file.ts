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

/**
 * A declared list's export: the list's query as it loads it (filters, sort, order), without its
 * page, so the workbook holds the rows the list shows. A failure throws: the list says so.
 */
export async function downloadListFile(path: string, fallbackName: string, query: Record<string, unknown>): Promise<void> {
  const asked: FileQuery = {};
  for (const [field, value] of Object.entries(query)) {
    if (field === 'pageNum' || field === 'pageSize' || value === undefined || value === null || value === '') continue;
    asked[field] = String(value);
  }
  const result = await downloadFile(path, fallbackName, asked);
  if (!result.ok) throw new Error(result.message);
}
