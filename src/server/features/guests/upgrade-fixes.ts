import { upgradeDocument } from '../../schema-versions/document-upgrade.js';
import { currentFormVersion } from '../../schema-versions/schema-versions.js';

type Document = Record<string, unknown>;

/** Fields the server sets on every save whatever the body says. */
const SET_BY_SERVER = new Set(['unitType']);

/** The top-level fields of the problems an upgrade flags. */
function fieldsOf(problems: { pointer: string }[]): Set<string> {
  return new Set(problems.map((problem) => problem.pointer.split('/')[1] ?? '').filter(Boolean));
}

/** The top-level fields the current guest form version flags in a stored document (none when it fits). */
export function upgradeFixFields(stored: Document, storedVersion: number): Set<string> {
  return fieldsOf(upgradeDocument(stored, storedVersion, currentFormVersion('guest')).problems);
}

/** A value as canonical text: objects with their keys sorted, so key order is no change. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Document)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/**
 * Whether a guest document sent for saving changes only what the current form version requires
 * of the stored one: the fields its upgrade flags (a value over today's limit, a field now
 * required), beside the fields the current version dropped. An approved guest's basic
 * information is locked except for exactly that, or the guest could never be saved again.
 * False when the stored document already fits the current version.
 */
export function changesOnlyUpgradeFixes(stored: Document, storedVersion: number, body: Document): boolean {
  const upgrade = upgradeDocument(stored, storedVersion, currentFormVersion('guest'));
  const fixable = fieldsOf(upgrade.problems);
  if (fixable.size === 0) return false;
  const before = upgrade.document as Document;
  for (const key of new Set([...Object.keys(before), ...Object.keys(body)])) {
    if (SET_BY_SERVER.has(key) || fixable.has(key)) continue;
    if (canonical(before[key]) !== canonical(body[key])) return false;
  }
  return true;
}
