/**
 * The console's guests workbook: the product (a separate server process, downloaded over
 * loopback, its peak RSS sampled) beside exceljs's streaming writer writing the same rows and
 * columns from memory (rows read beforehand, not timed). Targets (issue 17): at most 2x the
 * baseline at 100,000 guests, peak server RSS at most 300 MB, time growing linearly.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { ConsoleExports } from '../../src/server/exports/console-exports.js';
import { guestExportRows, type GuestExportRow } from '../../src/server/exports/guest-export-rows.js';
import { ReadableValues } from '../../src/server/exports/readable-values.js';
import { benchDatabase, kinds, SIZES, table, type BenchDatabase } from '../fixture.js';

const SERVER = fileURLToPath(new URL('../export-server.ts', import.meta.url));
const LIMIT_MB = 300;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

async function product(database: BenchDatabase): Promise<{ seconds: number; bytes: number; peak: number }> {
  const server = fork(SERVER, [], { execArgv: ['--import', 'tsx'], env: { ...process.env, ...database.env } });
  try {
    const [ready] = (await once(server, 'message')) as [{ port: number }];
    server.send('start');
    await once(server, 'message');
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${ready.port}/exhibition/admin/console/export/guests`, { headers: { authorization: `Bearer ${database.organiserToken}` } });
    if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`);
    let bytes = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
    const seconds = (performance.now() - started) / 1000;
    server.send('report');
    const [memory] = (await once(server, 'message')) as [{ idle: number; peak: number }];
    return { seconds, bytes, peak: memory.peak };
  } finally {
    server.kill();
  }
}

/** The same rows (read into memory first) and the same cell formatting, written by exceljs's streaming writer. */
async function baseline(database: BenchDatabase): Promise<number> {
  const edition = await database.app.services.editions.current();
  const rows: GuestExportRow[] = [];
  for await (const row of guestExportRows(database.app.db, edition.id)) rows.push(row);
  const [sheet] = new ConsoleExports(database.app.db, database.kind === 'postgres', database.app.services.protection).guests(edition.id);
  const t = (key: string) => database.app.translator.t('zh-CN', key);
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const started = performance.now();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useSharedStrings: false, useStyles: true });
  const worksheet = workbook.addWorksheet(t(sheet!.nameKey).slice(0, 31));
  worksheet.columns = sheet!.columns.map((column, index) => ({ header: t(column.headerKey), key: `c${index}`, width: column.width ?? 18 }));
  worksheet.getRow(1).font = { bold: true };
  const read = new ReadableValues(t);
  for (const row of rows) worksheet.addRow(sheet!.columns.map((column) => column.value(row, read) ?? null)).commit();
  worksheet.commit();
  await workbook.commit();
  return (performance.now() - started) / 1000;
}

export default {
  title: 'Guests export',
  async run(): Promise<string> {
    const rows: string[][] = [];
    for (const kind of await kinds()) {
      for (const size of SIZES) {
        const database = await benchDatabase(kind, size);
        const base = await baseline(database);
        const measured = await product(database);
        rows.push([kind, String(size), measured.seconds.toFixed(1), base.toFixed(1), (measured.seconds / base).toFixed(2), mb(measured.bytes), mb(measured.peak), ((size / measured.seconds) | 0).toString()]);
      }
    }
    return [
      'The product: a server process of its own, the workbook downloaded over loopback, peak RSS sampled every 20 ms. Baseline: the same rows (read into memory beforehand) and cell formatting written by `ExcelJS.stream.xlsx.WorkbookWriter` to a discarding stream.',
      '',
      table(['database', 'guests', 'product s', 'baseline s', 'ratio', 'file MB', 'peak server RSS MB', 'guests/s'], rows),
      '',
      `Targets: at most 2× the baseline and at most ${LIMIT_MB} MB at 100,000 guests; guests/s steady as the count grows (linear time).`,
    ].join('\n');
  },
};
