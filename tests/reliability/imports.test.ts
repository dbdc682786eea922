/**
 * Bounded imports (issue 18 points 6 and 8, import side), on both databases, through the real
 * routes: a workbook whose shared strings inflate to 400 MB is refused before parsing; one that
 * lies about its size is stopped by the parsing worker's limits; a 50,000-row file stops at the
 * row cap; the largest allowed import (5,000 rows) runs while another client's requests keep
 * p99 under 500 ms; text starting with = + - @ tab CR is stored as text.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { ContentPage } from '../../src/shared/content-api.js';
import { MAX_IMPORT_ROWS } from '../../src/server/features/content/content-import.js';
import { describeEachDatabase } from '../server/helpers/databases.js';
import { useTestApp, type TestApp } from '../server/helpers/test-app.js';
import { caller, ORGANISER, type Caller } from '../server/guests-harness.js';
import { uploadResponse } from '../server/content-harness.js';
import { writeSharedStringsBomb, writeSheet } from './support/hostile-workbooks.js';

const P99_BOUND_MS = 500;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-imports-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

const HEADER = [
  '届次 [session]',
  '姓名 [nameZh]',
  'unitName',
  'position',
  'mobile',
  'email',
  'profile',
  'inviter.organisation',
  'inviter.name',
];
const SURNAMES = '赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨';
const GIVEN = '一二三四五六七八九十甲乙丙丁戊己';
/** A Chinese name per row (the name format has no digits). */
const nameOf = (i: number) =>
  SURNAMES[i % 16]! + GIVEN[Math.floor(i / 16) % 16]! + GIVEN[Math.floor(i / 256) % 16]! + GIVEN[Math.floor(i / 4096) % 16]!;
const fullRow = (i: number) => [
  1 + (i % 5),
  nameOf(i),
  `导入单位${i}`,
  '总经理',
  `139${String(i).padStart(8, '0')}`,
  `guest${i}@example.com`,
  `简介${'内容'.repeat(150)}`,
  '市政府',
  '周邀请',
];

async function importFile(t: TestApp, organiser: Caller, filePath: string) {
  const uploaded = await uploadResponse(t, organiser, 'importWorkbook', path.basename(filePath), fs.readFileSync(filePath));
  if (uploaded.status !== 200) throw new Error(`upload refused: ${JSON.stringify(uploaded.body)}`);
  return organiser.post<{ imported: number }>('admin/historical-guest/import', { file: uploaded.body.data.id });
}

/** Runs `work` while another client asks for a page every 25 ms; its latencies, sorted. */
async function whileMeasuring<T>(t: TestApp, work: () => Promise<T>): Promise<{ result: T; latencies: number[]; elapsedMs: number }> {
  const latencies: number[] = [];
  let done = false;
  const started = Date.now();
  const other = (async () => {
    while (!done) {
      const begun = performance.now();
      const answer = await t.app.inject({ method: 'GET', url: '/exhibition/qms/edition/current' });
      latencies.push(performance.now() - begun);
      if (answer.statusCode !== 200) throw new Error(`concurrent request answered ${answer.statusCode}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  try {
    return { result: await work(), latencies: latencies.sort((a, b) => a - b), elapsedMs: Date.now() - started };
  } finally {
    done = true;
    await other;
  }
}

const p99 = (sorted: number[]) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;

describeEachDatabase('bounded workbook imports', (kind) => {
  const t = useTestApp(kind);
  const figures: string[] = [];
  afterAll(() => console.log([`imports [${kind}]:`, ...figures].join('\n  ')));

  it('refuses a 400 kB workbook whose shared strings inflate to 400 MB before parsing it', async () => {
    const organiser = await caller(t, ORGANISER);
    const bomb = path.join(workDir, `bomb-${kind}.xlsx`);
    await writeSharedStringsBomb(bomb, HEADER, 400);
    const rssBefore = process.memoryUsage().rss;
    const { result, latencies, elapsedMs } = await whileMeasuring(t, () => importFile(t, organiser, bomb));
    const grewMb = (process.memoryUsage().rss - rssBefore) / 1e6;
    figures.push(
      `400 MB bomb (${Math.round(fs.statSync(bomb).size / 1024)} kB on disk): ${result.status} ${result.body.fieldErrors?.[0]?.key} in ${elapsedMs} ms, rss +${grewMb.toFixed(0)} MB, concurrent p99 ${p99(latencies).toFixed(0)} ms`,
    );
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors?.[0]).toMatchObject({ pointer: '/file', key: 'content.import.tooLarge' });
    expect(result.body.msg).toContain('64 MB');
    expect(p99(latencies)).toBeLessThan(P99_BOUND_MS);
  });

  if (kind === 'sqlite') {
    // the parse does not touch the database: once is enough for the slow case
    it('stops a bomb whose headers lie about its size in the worker, while other requests are served', async () => {
      const organiser = await caller(t, ORGANISER);
      const liar = path.join(workDir, 'liar.xlsx');
      await writeSharedStringsBomb(liar, HEADER, 400, true);
      const { result, latencies, elapsedMs } = await whileMeasuring(t, () => importFile(t, organiser, liar));
      figures.push(
        `lying 400 MB bomb: ${result.status} ${result.body.fieldErrors?.[0]?.key} after ${elapsedMs} ms, ${latencies.length} concurrent requests, p99 ${p99(latencies).toFixed(0)} ms`,
      );
      expect(result.status).toBe(400);
      expect(['content.import.tooLarge', 'content.import.unreadable']).toContain(result.body.fieldErrors?.[0]?.key);
      expect(p99(latencies)).toBeLessThan(P99_BOUND_MS);
    });
  }

  it(`stops reading a 50,000-row workbook at row ${MAX_IMPORT_ROWS + 1}`, async () => {
    const organiser = await caller(t, ORGANISER);
    const big = path.join(workDir, `rows-${kind}.xlsx`);
    await writeSheet(big, HEADER.slice(0, 3), 50_000, (i) => [1, nameOf(i), '单位']);
    const { result, elapsedMs, latencies } = await whileMeasuring(t, () => importFile(t, organiser, big));
    figures.push(
      `50,000 rows: ${result.status} ${result.body.fieldErrors?.[0]?.key} in ${elapsedMs} ms, concurrent p99 ${p99(latencies).toFixed(0)} ms`,
    );
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors?.[0]).toMatchObject({ pointer: '/file', key: 'content.import.tooManyRows' });
    expect(p99(latencies)).toBeLessThan(P99_BOUND_MS);
  });

  it(`imports the largest allowed workbook (${MAX_IMPORT_ROWS} rows, ${HEADER.length} columns) while other requests keep p99 under ${P99_BOUND_MS} ms`, async () => {
    const organiser = await caller(t, ORGANISER);
    const largest = path.join(workDir, `largest-${kind}.xlsx`);
    await writeSheet(largest, HEADER, MAX_IMPORT_ROWS, fullRow);
    const { result, latencies, elapsedMs } = await whileMeasuring(t, () => importFile(t, organiser, largest));
    figures.push(
      `largest allowed import (${MAX_IMPORT_ROWS} rows, ${Math.round(fs.statSync(largest).size / 1024)} kB): ${result.status} in ${elapsedMs} ms; ${latencies.length} concurrent requests, median ${latencies[Math.floor(latencies.length / 2)]?.toFixed(0)} ms, p99 ${p99(latencies).toFixed(0)} ms, max ${latencies.at(-1)?.toFixed(0)} ms`,
    );
    expect((result.body.fieldErrors ?? []).slice(0, 5)).toEqual([]);
    expect(result.status).toBe(200);
    expect(result.body.data.imported).toBe(MAX_IMPORT_ROWS);
    expect(latencies.length).toBeGreaterThan(5);
    expect(p99(latencies)).toBeLessThan(P99_BOUND_MS);
  });

  it('keeps cells starting with = + - @ tab or CR as text, never as formulas', async () => {
    const organiser = await caller(t, ORGANISER);
    const hostile = [
      "=cmd|' /C calc'!A0",
      '=HYPERLINK("http://evil.example","点我")',
      '+86 13912345678',
      '-2+3',
      '@SUM(A1:A9)',
      '\t=1+1',
      '\r=1+1',
    ];
    const file = path.join(workDir, `formulas-${kind}.xlsx`);
    await writeSheet(file, ['届次 [session]', '姓名 [nameZh]', 'unitName', 'position'], hostile.length, (i) => [
      3,
      `公式${GIVEN[i]!}`,
      hostile[i]!,
      hostile[i]!,
    ]);
    const answer = await importFile(t, organiser, file);
    expect(answer.status).toBe(200);
    const page = (await organiser.get<ContentPage>('qms/historical-guest/page?session=3&pageSize=50')).body.data;
    const stored = page.records.filter((record) => String(record.document.nameZh).startsWith('公式'));
    expect(stored.map((record) => record.document.unitName).sort()).toEqual([...hostile].sort());
    expect(stored.map((record) => record.document.position).sort()).toEqual([...hostile].sort());
  });
});
