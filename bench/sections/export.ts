/**
 * The console's guests workbook: the product (a separate server process, downloaded over
 * loopback, its peak RSS sampled) beside exceljs's streaming writer writing the same rows and
 * columns from memory (rows read beforehand, not timed). Targets (issue 17): at most 2x the
 * baseline at 100,000 guests, peak server RSS at most 300 MB, time growing linearly.
 */
import { execFileSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { GuestExports } from '../../src/server/features/guests/guest-exports.js';
import { guestExportRows, type GuestExportRow } from '../../src/server/features/guests/guest-export-rows.js';
import { ReadableValues } from '../../src/server/exports/readable-values.js';
import { benchDatabase, kinds, SIZES, table, type BenchDatabase } from '../fixture.js';
import { servedDownload, type ServedDownload } from '../support/served-export.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const LIMIT_MB = 300;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

async function product(database: BenchDatabase): Promise<ServedDownload> {
  return servedDownload(database.env, '/exhibition/admin/console/export/guests', database.organiserToken);
}

/** The same rows (read into memory first) and the same cell formatting, written by exceljs's streaming writer. */
async function baseline(database: BenchDatabase): Promise<number> {
  const edition = await database.app.services.editions.current();
  const rows: GuestExportRow[] = [];
  for await (const row of guestExportRows(database.app.db, edition.id)) rows.push(row);
  const [sheet] = new GuestExports(database.app.db, database.app.services.protection).guests(edition.id);
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
    // the production server, compiled as `npm start` runs it (no TypeScript compiler in memory)
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { cwd: repoRoot, stdio: 'ignore' });
    const rows: string[][] = [];
    for (const kind of await kinds()) {
      for (const size of SIZES) {
        const database = await benchDatabase(kind, size);
        const base = await baseline(database);
        const measured = await product(database);
        rows.push([
          kind,
          String(size),
          measured.seconds.toFixed(1),
          base.toFixed(1),
          (measured.seconds / base).toFixed(2),
          mb(measured.bytes),
          mb(measured.idle),
          mb(measured.peak),
          ((size / measured.seconds) | 0).toString(),
        ]);
      }
    }
    return [
      'The product: the production server (`node dist/server/main.js`) on the bench database, the workbook downloaded over loopback, its resident memory read from /proc every 20 ms (idle before the download, peak during it). Baseline: the same rows (read into memory beforehand) and cell formatting written by `ExcelJS.stream.xlsx.WorkbookWriter` to a discarding stream.',
      '',
      table(
        ['database', 'guests', 'product s', 'baseline s', 'ratio', 'file MB', 'server RSS idle MB', 'peak server RSS MB', 'guests/s'],
        rows,
      ),
      '',
      `Targets: at most 2× the baseline and at most ${LIMIT_MB} MB at 100,000 guests; guests/s steady as the count grows (linear time).`,
    ].join('\n');
  },
};
