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
 * The server refused a file (its envelope's message, in the caller's language): a list's action
 * or download shows it as it is (list-actions.ts), as it would a refused call.
 */
export class FileRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'FileRefused';
  }
}

/**
 * Downloads a file of the API under the name the server gave it (exports name it by what and
 * when, in the caller's language); `fallbackName` is used only when the server gave none.
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  query: FileQuery = {},
): Promise<{ ok: true; headers: Headers } | { ok: false; status: number; message: string }> {
  const file = await fetchFile(path, query);
  if (!file.ok) return file;
  saveBlob(file.blob, file.name ?? fallbackName);
  return { ok: true, headers: file.headers };
}

/** downloadFile for a list's action or download: a refusal throws FileRefused (the list shows its message); the answer's headers are returned. */
export async function downloadFileOrThrow(path: string, fallbackName: string, query: FileQuery = {}): Promise<Headers> {
  const result = await downloadFile(path, fallbackName, query);
  if (!result.ok) throw new FileRefused(result.message, result.status);
  return result.headers;
}

/**
 * A declared list's export: the list's query as it loads it (filters, sort, order), without its
 * page, so the workbook holds the rows the list shows. A refusal throws FileRefused: the list says so.
 */
export async function downloadListFile(path: string, fallbackName: string, query: Record<string, unknown>): Promise<void> {
  const asked: FileQuery = {};
  for (const [field, value] of Object.entries(query)) {
    if (field === 'pageNum' || field === 'pageSize' || value === undefined || value === null || value === '') continue;
    asked[field] = String(value);
  }
  await downloadFileOrThrow(path, fallbackName, asked);
}
