/**
 * Opening a record saved under an older schema version. A record the
 * current form would refuse as stored (an older version, or one the current validator rejects)
 * is loaded from the record-upgrade route instead: without the fields the current version
 * dropped (listed in a note) and with what it still rejects flagged on the fields, so saving
 * works once only those are fixed.
 */
import type { ErrorSchema } from '@rjsf/utils';
import type { DroppedFieldData, RecordUpgradeData } from '../../shared/record-upgrade-api';
import type { FieldError } from '../../shared/validation';
import { translateKey } from '../i18n/translate-key';
import { loadCurrentFormAssets } from './live-forms';
import { fieldErrorsToErrorSchema } from './server-field-errors';

type Document = Record<string, unknown>;

export interface StoredRecord {
  document: Document;
  schemaVersion: number;
}

export interface OpenedRecord {
  document: Document;
  /** set when the record changed on the way into the current version (note + flagged fields) */
  upgrade: RecordUpgradeData | null;
}

/** True when the stored record is not what the current version of `schemaName` accepts as is. */
export async function isOutdated(schemaName: string, stored: StoredRecord): Promise<boolean> {
  const { schema, validator } = await loadCurrentFormAssets(schemaName);
  const current = Number((schema as { 'x-version'?: unknown })['x-version'] ?? 0);
  if (stored.schemaVersion < current) return true;
  return validator.validateFormData(stored.document, schema).errors.length > 0;
}

/**
 * The record as the form should open it: as stored when the current version takes it, else as
 * the server's upgrade route returns it. Should that call fail (the failure policy has told the
 * user), the record still opens as stored rather than not at all.
 */
export async function openInCurrentVersion(
  schemaName: string,
  stored: StoredRecord,
  fetchUpgrade: () => Promise<RecordUpgradeData>,
): Promise<OpenedRecord> {
  if (!(await isOutdated(schemaName, stored))) return { document: stored.document, upgrade: null };
  let upgrade: RecordUpgradeData;
  try {
    upgrade = await fetchUpgrade();
  } catch {
    return { document: stored.document, upgrade: null };
  }
  const changed = upgrade.dropped.length > 0 || upgrade.problems.length > 0;
  return { document: upgrade.document, upgrade: changed ? upgrade : null };
}

/**
 * The translated message of a flagged problem, as the form shows it under its field until the
 * field is valid or the next save attempt (engine/upgrade-flags.ts): it speaks of the value as saved.
 */
export function problemMessage(problem: FieldError): string {
  const field = problem.label ? translateKey(problem.label) : '';
  return translateKey('upgrade.flagged', { message: translateKey(problem.key, { ...problem.params, field }) });
}

/** The flagged problems as RJSF `extraErrors`, each on its own field. */
export function upgradeErrorSchema(upgrade: RecordUpgradeData | null | undefined): ErrorSchema | undefined {
  if (!upgrade?.problems.length) return undefined;
  return fieldErrorsToErrorSchema(
    upgrade.problems.map((problem) => ({ pointer: problem.pointer, key: problem.key, message: problemMessage(problem) })),
  );
}

function pointerName(pointer: string): string {
  const last = pointer.split('/').pop() ?? pointer;
  return last.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * The label of a dropped field: its label in the version it was saved under (the server's text
 * for a version published in the console, whose labels this page never loaded), else its name.
 */
export function droppedLabel(field: DroppedFieldData): string {
  if (field.labelText) return field.labelText;
  const translated = field.label ? translateKey(field.label) : '';
  return translated && translated !== field.label ? translated : pointerName(field.pointer);
}

export function droppedValue(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? '';
}

// Form load operations return plain data; the upgrade travels next to it without becoming a field.
const attached = new WeakMap<object, RecordUpgradeData>();

export function attachUpgrade<T extends object>(data: T, upgrade: RecordUpgradeData | null): T {
  if (upgrade) attached.set(data, upgrade);
  return data;
}

export function upgradeAttachedTo(data: unknown): RecordUpgradeData | null {
  return data !== null && typeof data === 'object' ? (attached.get(data) ?? null) : null;
}
