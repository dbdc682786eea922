/**
 * What the list-sorting tests read: every page of a list in order, a workbook's rows, and a
 * list beside its export for one query (the export must hold exactly what the list shows).
 */
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { Page } from '../../../src/shared/api-types.js';
import { caller, ORGANISER, type Caller } from '../guests-harness.js';
import type { TestApp } from './test-app.js';

/** Every page of a list, pageSize rows at a time, in order. */
export async function allPages<R>(c: Caller, path: string, query: string, pageSize: number): Promise<R[]> {
  const rows: R[] = [];
  for (let pageNum = 1; ; pageNum += 1) {
    const answer = await c.get<Page<R>>(`${path}?${query}&pageSize=${pageSize}&pageNum=${pageNum}`);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    const page = answer.body.data;
    rows.push(...page.records);
    if (rows.length >= page.total || page.records.length === 0) return rows;
  }
}

/** The first sheet's rows, headers first, as cell texts. */
export async function workbookRows(body: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
  );
  return rows;
}

/** The first sheet's rows below the headers, as cell texts. */
export async function sheetRows(body: Buffer): Promise<string[][]> {
  return (await workbookRows(body)).slice(1);
}

/** Downloads and list-beside-export for the test app `t` (English headers). */
export function listExports(t: TestApp) {
  const download = async (url: string, account = ORGANISER) => {
    const who = await caller(t, account);
    return t.app.inject({
      method: 'GET',
      url: `/exhibition/${url}`,
      headers: { authorization: `Bearer ${who.token}`, 'accept-language': 'en' },
    });
  };
  /** The list's rows (pages of two) beside the export's rows, for one query of one caller. */
  async function listBesideExport<R>(who: Caller, account: string, list: string, exported: string, query: string) {
    const shown = await allPages<R>(who, list, query, 2);
    const answer = await download(`${exported}?${query}`, account);
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    return { shown, sheet: await sheetRows(answer.rawPayload) };
  }
  /** The list's rows in the order shown (pages of two), checked against the export's first column, for one query. */
  async function listAndExport<R>(organiser: Caller, list: string, exported: string, query: string, first: (row: R) => string) {
    const { shown, sheet } = await listBesideExport<R>(organiser, ORGANISER, list, exported, query);
    expect(
      sheet.map((row) => row[0]),
      `${exported}?${query}`,
    ).toEqual(shown.map(first));
    return shown;
  }
  return { download, listBesideExport, listAndExport };
}
