/**
 * The form-version diff: every stored document (schema-versions.ts `storedDocuments`) checked against
 * a version of its schema, before that version is published. A record is affected when the new
 * version would drop some of its fields or reject what is left (document-upgrade.ts). Read-only.
 * Records are read in pages by id and checked as they come, with a turn of the event loop
 * between pages: 100,000 guests are neither held in memory at once nor a block of the server.
 */
import { sql } from 'kysely';
import type { ValidateFunction } from 'ajv';
import type { Db } from '../db/database.js';
import type { FieldError } from '../../shared/validation.js';
import type { SchemaName } from '../../generated/registry.js';
import { upgradeVerdict, type DroppedField, type FormVersion } from './document-upgrade.js';
import { storedDocuments, type StoredDocumentKind } from './schema-versions.js';
import { isSealed } from '../security/sealed-values.js';
import { memoisedFieldErrors, type FieldErrorsOf } from './field-errors-memo.js';
import { unescapePointerToken } from '../../shared/json-pointer.js';

export interface AffectedRecord {
  kind: string;
  table: string;
  id: string;
  schema: string;
  storedVersion: number;
  targetVersion: number;
  dropped: DroppedField[];
  problems: FieldError[];
}

export interface FormVersionDiff {
  checked: number;
  affected: AffectedRecord[];
}

interface Row {
  id: string;
  doc: string;
  version: number | string | null;
}

/** How a walk reads and checks the stored records. */
export interface StoredRecordsWalkOptions {
  /** opens the sealed personal data (DataProtection.openDocument) so it validates as written */
  open?: (schema: SchemaName, document: Record<string, unknown>) => Record<string, unknown>;
  /** only the records of one edition (the console's diff of a draft) */
  editionId?: string;
  /** rows per read: the records are read in pages by id, so memory stays flat whatever the count */
  pageSize?: number;
  /**
   * The cheaper exact check of the records saved under a version (schema-delta.ts), or null
   * where there is none: those records, and any record the delta cannot settle, get the full check.
   */
  deltaOf?: (storedVersion: number) => Promise<RecordDelta | null>;
}

/** The delta of schema-delta.ts compiled: what a record of one stored version is checked against. */
export interface RecordDelta {
  validate: ValidateFunction;
  /** the target version's top-level property names */
  known: ReadonlySet<string>;
  /** a checked field is sealed: the record is opened first */
  opens: boolean;
}

export const DIFF_PAGE_SIZE = 1000;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function pageOf(db: Db, kind: StoredDocumentKind, after: string | null, size: number, editionId?: string): Promise<Row[]> {
  const filter = kind.onlyWhere ? sql`and ${sql.ref(kind.onlyWhere.column)} = ${kind.onlyWhere.value}` : sql``;
  const edition = editionId === undefined ? sql`` : sql`and edition_id = ${editionId}`;
  const from = after === null ? sql`` : sql`and id > ${after}`;
  const result = await sql<Row>`select id, ${sql.ref(kind.column)} as doc, ${sql.ref(kind.versionColumn)} as version
    from ${sql.table(kind.table)} where ${sql.ref(kind.column)} is not null ${filter} ${edition} ${from} order by id limit ${size}`.execute(
    db,
  );
  return result.rows;
}

function affectedAs(
  kind: StoredDocumentKind,
  row: Row,
  storedVersion: number,
  formVersion: FormVersion,
  dropped: AffectedRecord['dropped'],
  problems: AffectedRecord['problems'],
): AffectedRecord {
  return {
    kind: kind.kind,
    table: kind.table,
    id: row.id,
    schema: kind.schema,
    storedVersion,
    targetVersion: formVersion.version,
    dropped,
    problems,
  };
}

/**
 * One stored record checked against the version: what it would lose and what the version
 * rejects, or null when it fits. Its `problems` may be shared with other records (field-errors-memo.ts).
 */
function affectedRecord(
  kind: StoredDocumentKind,
  row: Row,
  storedVersion: number,
  formVersion: FormVersion,
  open: NonNullable<StoredRecordsWalkOptions['open']>,
  fieldErrors: FieldErrorsOf,
  delta: RecordDelta | null | undefined,
): AffectedRecord | null {
  let document: unknown;
  try {
    document = JSON.parse(row.doc);
  } catch {
    document = row.doc; // not JSON: the validator says what it thinks of a string
  }
  if (delta) {
    const problems = deltaProblems(kind, document, formVersion, open, fieldErrors, delta);
    if (problems === null) return null;
    if (problems !== undefined) return affectedAs(kind, row, storedVersion, formVersion, [], problems);
  }
  const sealed = document;
  if (document && typeof document === 'object' && !Array.isArray(document))
    document = open(kind.schema, document as Record<string, unknown>);
  const upgrade = upgradeVerdict(document, storedVersion, formVersion, fieldErrors);
  if (upgrade.dropped.length === 0 && upgrade.problems.length === 0) return null;
  // a dropped sensitive value is named, never printed
  for (const field of upgrade.dropped) if (isSealed(valueAt(sealed, field.pointer))) field.value = '(sealed)';
  return affectedAs(kind, row, storedVersion, formVersion, upgrade.dropped, upgrade.problems);
}

/**
 * A record checked against the delta of its stored version: null when it fits, its problems
 * (as the full check gives them) when it does not, undefined when the full check must say: it
 * has a field the target lacks (dropped, then the rest checked anew), or a nested one is dropped.
 */
function deltaProblems(
  kind: StoredDocumentKind,
  document: unknown,
  formVersion: FormVersion,
  open: NonNullable<StoredRecordsWalkOptions['open']>,
  fieldErrors: FieldErrorsOf,
  delta: RecordDelta,
): FieldError[] | null | undefined {
  if (document === null || typeof document !== 'object' || Array.isArray(document)) return undefined;
  for (const name in document) if (!delta.known.has(name)) return undefined;
  const checked = delta.opens ? open(kind.schema, document as Record<string, unknown>) : document;
  if (delta.validate(checked)) return null;
  const errors = delta.validate.errors ?? [];
  if (errors.some((error) => error.keyword === 'additionalProperties')) return undefined;
  const problems = fieldErrors(errors, formVersion.schema);
  return problems.length === 0 ? null : problems;
}

/**
 * Every stored record of `kinds` checked against its form's version, in pages by id; each
 * affected one is handed to `onAffected` (in id order within a kind) and not kept here.
 * Returns how many records were checked.
 */
export async function walkStoredRecords(
  db: Db,
  formVersionOf: (schema: SchemaName) => FormVersion | Promise<FormVersion>,
  kinds: StoredDocumentKind[],
  onAffected: (record: AffectedRecord) => void,
  options: StoredRecordsWalkOptions = {},
): Promise<number> {
  const open = options.open ?? ((_schema, document) => document);
  const size = options.pageSize ?? DIFF_PAGE_SIZE;
  let checked = 0;
  for (const kind of kinds) {
    const formVersion = await formVersionOf(kind.schema);
    const fieldErrors = memoisedFieldErrors();
    const deltas = new Map<number, RecordDelta | null>();
    let after: string | null = null;
    for (;;) {
      const rows = await pageOf(db, kind, after, size, options.editionId);
      for (const row of rows) {
        checked += 1;
        const storedVersion = Number(row.version ?? 1);
        // a version's delta is made the first time one of its records comes
        if (options.deltaOf && !deltas.has(storedVersion)) deltas.set(storedVersion, await options.deltaOf(storedVersion));
        const delta = options.deltaOf ? deltas.get(storedVersion) : undefined;
        const affected = affectedRecord(kind, row, storedVersion, formVersion, open, fieldErrors, delta);
        if (affected) onAffected(affected);
      }
      if (rows.length < size) break;
      after = rows[rows.length - 1]!.id;
      // one turn of the event loop between pages: a long diff never holds up other requests
      await turn();
    }
  }
  return checked;
}

export async function diffStoredRecords(
  db: Db,
  formVersionOf: (schema: SchemaName) => FormVersion | Promise<FormVersion>,
  kinds: StoredDocumentKind[] = storedDocuments,
  /** opens the sealed personal data (DataProtection.openDocument) so it validates as written */
  open: (schema: SchemaName, document: Record<string, unknown>) => Record<string, unknown> = (_schema, document) => document,
  /** only the records of one edition (the console's diff of a draft) */
  editionId?: string,
): Promise<FormVersionDiff> {
  const affected: AffectedRecord[] = [];
  const checked = await walkStoredRecords(db, formVersionOf, kinds, (record) => affected.push(record), {
    open,
    ...(editionId === undefined ? {} : { editionId }),
  });
  return { checked, affected };
}

function valueAt(document: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .map(unescapePointerToken)
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), document);
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** The report as lines of text (what `npm run form-version:diff` prints). */
export function formatFormVersionDiff(diff: FormVersionDiff): string[] {
  const lines: string[] = [];
  for (const record of diff.affected) {
    lines.push(`${record.kind} ${record.id} (${record.schema} v${record.storedVersion} -> v${record.targetVersion}):`);
    for (const field of record.dropped) lines.push(`  dropped ${field.pointer} (was ${short(field.value)})`);
    for (const problem of record.problems) {
      const params = Object.keys(problem.params).length > 0 ? ` ${short(problem.params)}` : '';
      lines.push(`  rejects ${problem.pointer || '(document)'}: ${problem.key}${params}`);
    }
  }
  lines.push(`${diff.affected.length} of ${diff.checked} stored records need changes under the new version`);
  return lines;
}
