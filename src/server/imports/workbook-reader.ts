import { Worker } from 'node:worker_threads';
import { Semaphore } from '../http/semaphore.js';
import { measureWorkbook, MAX_WORKBOOK_INFLATED_BYTES } from './workbook-size.js';

type Document = Record<string, unknown>;

export interface WorkbookColumn {
  path: string;
  type: string;
  format?: string;
}

export type WorkbookProblem =
  /** `cause`: what the parser threw, for the log (never shown to the user) */
  | { kind: 'unreadable'; cause?: string }
  | { kind: 'noRows' }
  | { kind: 'tooManyRows'; max: number }
  | { kind: 'unknownColumn'; column: string }
  /** declared (or, when the ZIP lied, actual) unpacked size over the cap */
  | { kind: 'tooLarge'; maxMb: number };

export type WorkbookRows = { kind: 'rows'; documents: Document[]; rowNumbers: number[] } | { kind: 'refused'; problem: WorkbookProblem };

/**
 * Bounds of one parse. The heap holds the shared strings of at most MAX_WORKBOOK_INFLATED_BYTES
 * of XML plus the documents; a ZIP that lied about its sizes runs into the heap limit (the
 * worker dies, the server does not) or the time limit. The largest allowed import takes a few
 * seconds on a shared 2-core machine.
 */
export const WORKER_HEAP_MB = 384;
export const PARSE_TIME_LIMIT_MS = 60_000;

/** One parse at a time (2 cores: the other serves requests); a few wait, more are told "busy". */
const parses = new Semaphore(1, 4);

const workerUrl = new URL('./workbook-worker.mjs', import.meta.url);
const tooLarge: WorkbookRows = { kind: 'refused', problem: { kind: 'tooLarge', maxMb: MAX_WORKBOOK_INFLATED_BYTES / 1024 / 1024 } };

function parseInWorker(filePath: string, columns: WorkbookColumn[], maxRows: number, timeLimitMs: number): Promise<WorkbookRows> {
  return new Promise((resolve) => {
    const worker = new Worker(workerUrl, {
      workerData: { filePath, columns, maxRows },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
      // the worker needs no TypeScript loader (plain .mjs), whatever the parent runs under
      execArgv: [],
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (answer: WorkbookRows) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // a refusal mid-file (row cap) leaves the stream open: the thread goes with its memory
      void worker.terminate();
      resolve(answer);
    };
    const timer = setTimeout(() => settle(tooLarge), timeLimitMs);
    worker.once('message', (answer: WorkbookRows) => settle(answer));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? tooLarge
          : { kind: 'refused', problem: { kind: 'unreadable', cause: `worker error: ${error.message}` } },
      ),
    );
    worker.once('exit', (code) =>
      settle({ kind: 'refused', problem: { kind: 'unreadable', cause: `worker exited (${code}) without an answer` } }),
    );
  });
}

/**
 * The first sheet's non-empty rows as documents (row 1 names the columns), read in a worker
 * thread: refused before parsing when the ZIP declares more than the unpacked-size cap, and
 * stopped at `maxRows + 1` rows. Throws QueueFullError when too many imports wait.
 */
export async function readWorkbookRows(
  filePath: string,
  columns: WorkbookColumn[],
  maxRows: number,
  timeLimitMs = PARSE_TIME_LIMIT_MS,
): Promise<WorkbookRows> {
  const size = await measureWorkbook(filePath);
  if (size.kind === 'unreadable') return { kind: 'refused', problem: { kind: 'unreadable' } };
  if (size.kind === 'tooLarge') return tooLarge;
  return parses.run(async () => {
    const first = await parseInWorker(filePath, columns, maxRows, timeLimitMs);
    // A workbook whose ZIP directory was read above but whose parse threw is read once more in a
    // fresh worker: the streaming reader failed on a well-formed test workbook once in a loaded
    // full test run, and a second failure is the file's own (then its cause goes to the log).
    if (first.kind !== 'refused' || first.problem.kind !== 'unreadable') return first;
    const second = await parseInWorker(filePath, columns, maxRows, timeLimitMs);
    if (second.kind === 'refused' && second.problem.kind === 'unreadable')
      return {
        kind: 'refused',
        problem: { kind: 'unreadable', cause: `${first.problem.cause ?? 'unknown'}; again: ${second.problem.cause ?? 'unknown'}` },
      };
    return second;
  });
}
