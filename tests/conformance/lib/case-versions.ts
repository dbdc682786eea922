/**
 * A schema case names the published version it was written for: `"schema": "guest@2"` (also
 * `guest.json@2` or the `$id`@2). It runs against that version's validator: the app's shipped
 * precompiled validator when the version is the current one, else the validator compiled from the
 * version's record in src/generated/versions (older-versions.ts). Without `@N` a case runs against
 * the current version (a tester's quick check); the shipped cases are all tagged. `--from-records`
 * runs the current version's cases against its record as well: the validator they will meet once
 * the next version is published, so a run shows today that they keep passing after a bump.
 * Browser-safe: no Node imports, so the --browser bundle carries it.
 */
import { rootSchemas } from '../../../src/generated/validator-map';
import type { SchemaName } from '../../../src/generated/registry';

/** The `x-version` of the schema the app runs now (1 when a schema has none). */
export function currentVersionOf(name: SchemaName): number {
  const version = rootSchemas[name]['x-version'];
  return typeof version === 'number' ? version : 1;
}

/** `guest@2` -> { reference: 'guest', version: 2 }; without `@N` the version is undefined. */
export function splitVersion(reference: string): { reference: string; version?: number } {
  const match = /^(.*)@([1-9]\d*)$/.exec(reference);
  if (!match?.[1]) return { reference };
  return { reference: match[1], version: Number(match[2]) };
}

/**
 * How a run names the version a case ran against: `guest@2 (current)`, `guest@1 (published; current is 2)`,
 * and with --from-records `guest@2 (current, compiled from its record)`.
 */
export function describeVersion(name: SchemaName, version: number | undefined, fromRecords = false): string {
  const current = currentVersionOf(name);
  const used = version ?? current;
  if (used === current)
    return `${name}@${used} (current${version === undefined ? ', untagged' : ''}${fromRecords && version !== undefined ? ', compiled from its record' : ''})`;
  return `${name}@${used} (published; current is ${current})`;
}
