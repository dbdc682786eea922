/** Shared set-up of the content-screen tests: uploads through the real route, workbooks built with exceljs. */
import ExcelJS from 'exceljs';
import type { TestApp } from './helpers/test-app.js';
import { API, type Caller } from './guests-harness.js';
import { multipart } from './uploads-harness.js';

export { API };

/** Uploads a file through POST qms/file/upload and returns its id (throws on refusal). */
export async function upload(
  t: TestApp,
  c: Caller,
  rule: string,
  filename: string,
  data: Buffer,
  contentType = 'application/octet-stream',
): Promise<string> {
  const response = await uploadResponse(t, c, rule, filename, data, contentType);
  if (response.status !== 200) throw new Error(`upload refused: ${JSON.stringify(response.body)}`);
  return response.body.data.id;
}

export async function uploadResponse(
  t: TestApp,
  c: Caller,
  rule: string,
  filename: string,
  data: Buffer,
  contentType = 'application/octet-stream',
) {
  const body = multipart({ rule }, { filename, contentType, data });
  return t.call<{ id: string }>({
    method: 'POST',
    url: `${API}qms/file/upload`,
    headers: { ...body.headers, authorization: `Bearer ${c.token}` },
    payload: body.payload,
  });
}

/** An .xlsx whose first row is `header` and whose next rows are `rows`. */
export async function workbook(header: string[], rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('import');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The header row of an .xlsx answer. */
export async function headerOf(xlsx: Buffer): Promise<string[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx as unknown as ArrayBuffer);
  const values = book.worksheets[0]!.getRow(1).values as unknown[];
  return values.slice(1).map(String);
}

/** A GET whose answer is a file: status, headers and the raw bytes. */
export async function rawGet(t: TestApp, c: Caller, path: string) {
  const response = await t.app.inject({ method: 'GET', url: API + path, headers: { authorization: `Bearer ${c.token}` } });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}
