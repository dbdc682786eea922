/**
 * The import workbook reader (issue 18 point 6) on files built at test time: the declared
 * unpacked size is judged before parsing, the row cap stops the reading, and Chinese text
 * survives the streamed parse whole (exceljs 4.4 decoded each chunk alone and split characters).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { measureWorkbook } from '../../src/server/imports/workbook-size.js';
import { readWorkbookRows } from '../../src/server/imports/workbook-reader.js';
import { writeMalformedSheet, writeSharedStringsBomb, writeSheet } from '../reliability/support/hostile-workbooks.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-workbook-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const columns = [
  { path: 'session', type: 'integer' },
  { path: 'nameZh', type: 'string' },
  { path: 'unitName', type: 'string' },
];
const header = ['届次 [session]', '姓名 [nameZh]', 'unitName'];
const name = (i: number) => `欧阳${'甲乙丙丁戊己庚辛壬癸'[i % 10]}${'子丑寅卯辰巳午未申酉戌亥'[Math.floor(i / 10) % 12]}`;

it('refuses a workbook declaring more than the cap unpacked, from the central directory alone', async () => {
  const bomb = path.join(dir, 'bomb.xlsx');
  await writeSharedStringsBomb(bomb, header, 80);
  expect(fs.statSync(bomb).size).toBeLessThan(1_000_000);
  const size = await measureWorkbook(bomb);
  expect(size.kind).toBe('tooLarge');
  expect(await readWorkbookRows(bomb, columns, 10)).toEqual({ kind: 'refused', problem: { kind: 'tooLarge', maxMb: 64 } });
});

it('keeps every Chinese character whole across the streamed chunks, and stops at the row cap', async () => {
  const file = path.join(dir, 'names.xlsx');
  await writeSheet(file, header, 3000, (i) => [1, name(i), `单位${name(i)}`]);
  const read = await readWorkbookRows(file, columns, 3000);
  if (read.kind !== 'rows') throw new Error(JSON.stringify(read));
  const garbled = read.documents.filter((doc, i) => doc.nameZh !== name(i) || doc.unitName !== `单位${name(i)}`);
  expect(garbled).toEqual([]);
  expect(read.documents).toHaveLength(3000);
  expect(await readWorkbookRows(file, columns, 1000)).toEqual({ kind: 'refused', problem: { kind: 'tooManyRows', max: 1000 } });
});

it('tries a workbook whose parse threw once more in a fresh worker, and keeps both causes for the log', async () => {
  const file = path.join(dir, 'malformed.xlsx');
  await writeMalformedSheet(file);
  expect((await measureWorkbook(file)).kind).toBe('ok');
  const read = await readWorkbookRows(file, columns, 10);
  if (read.kind !== 'refused' || read.problem.kind !== 'unreadable') throw new Error(JSON.stringify(read));
  expect(read.problem.cause).toMatch(/.+; again: .+/);
});
