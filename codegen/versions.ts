/**
 * Published schema versions (form versions). Every stored record keeps the `x-version` it was saved
 * under, so each published version's bundled schema is kept as
 * `src/generated/versions/<name>/<version>.json` and old records stay loadable after the schema
 * moves on. Codegen compares the current shape of each schema with the record of its
 * `x-version`: a shape change under the same version is refused (bump `x-version`), a higher
 * version is recorded next to the old ones, a schema with no record yet (a new schema) is simply
 * recorded as published. Records are append-only; `--rerecord` overwrites the record of the
 * current version, for a version that was never released.
 */
import fs from 'node:fs';
import path from 'node:path';
import { GENERATED_MARK } from './marks.js';
import type { JsonSchema } from './schema-files.js';
import { escapePointerToken } from '../src/shared/json-pointer.js';

export const VERSIONS_DIR = 'versions';

/** Keywords that change neither what validates nor what is stored: labels, help, defaults. */
const ANNOTATIONS = new Set([
  '$comment',
  'title',
  'description',
  'examples',
  'default',
  'x-version',
  'x-i18n',
  'x-enum-i18n',
  'x-messages',
  'x-sensitive',
  'x-consent',
  'x-protected',
]);
const SCHEMA_KEYS = new Set(['items', 'additionalProperties', 'additionalItems', 'not', 'if', 'then', 'else', 'contains', 'propertyNames']);
const SCHEMA_ARRAY_KEYS = new Set(['allOf', 'anyOf', 'oneOf', 'items']);
const SCHEMA_MAP_KEYS = new Set(['properties', 'patternProperties', 'definitions', 'dependencies']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The schema without its annotations: what a version bump is about. Property names are kept whatever they are. */
export function shapeOf(schema: unknown): unknown {
  if (!isRecord(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key)) continue;
    if (SCHEMA_MAP_KEYS.has(key) && isRecord(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, Array.isArray(child) ? child : shapeOf(child)]));
    } else if (SCHEMA_ARRAY_KEYS.has(key) && Array.isArray(value)) {
      out[key] = value.map(shapeOf);
    } else if (SCHEMA_KEYS.has(key)) {
      out[key] = shapeOf(value);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** Every place (JSON pointer into the schema) where two shapes differ, and how: added, removed or changed. */
export function shapeDifferences(published: unknown, current: unknown, pointer = ''): string[] {
  if (JSON.stringify(published) === JSON.stringify(current)) return [];
  const where = pointer === '' ? '/' : pointer;
  if (published === undefined) return [`${where} added`];
  if (current === undefined) return [`${where} removed`];
  if (isRecord(published) && isRecord(current)) {
    const keys = [...new Set([...Object.keys(published), ...Object.keys(current)])].sort();
    return keys.flatMap((key) => shapeDifferences(published[key], current[key], `${pointer}/${escapePointerToken(key)}`));
  }
  return [`${where} changed from ${brief(published)} to ${brief(current)}`];
}

function brief(value: unknown): string {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

export interface BundledSchema {
  name: string;
  file: string;
  schema: JsonSchema;
}

export interface VersionRecords {
  /** every record file (existing and new), absolute path -> content */
  files: Map<string, string>;
  problems: string[];
}

function recordText(source: BundledSchema, version: number): string {
  const record = {
    $comment: `${GENERATED_MARK}: published version ${version} of schemas/${source.file}, kept for records saved under it`,
    ...source.schema,
  };
  return `${JSON.stringify(record, null, 2)}\n`;
}

/** The version numbers recorded for a schema, ascending. */
export function recordedVersions(versionsDir: string, name: string): number[] {
  const dir = path.join(versionsDir, name);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((file) => /^(\d+)\.json$/.exec(file)?.[1])
    .filter((v): v is string => v !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

export function readRecord(versionsDir: string, name: string, version: number): JsonSchema {
  return JSON.parse(fs.readFileSync(path.join(versionsDir, name, `${version}.json`), 'utf8')) as JsonSchema;
}

/**
 * Checks every schema against its records and returns the record files to keep or add.
 * `rerecord`: schema names (or 'all') whose current version may be recorded again.
 */
export function checkVersionRecords(
  schemas: BundledSchema[],
  versionsDir: string,
  rerecord: readonly string[] | 'all' = [],
): VersionRecords {
  const files = new Map<string, string>();
  const problems: string[] = [];
  // existing records are kept as they are, including those of schemas that were removed
  if (fs.existsSync(versionsDir)) {
    for (const name of fs.readdirSync(versionsDir)) {
      for (const version of recordedVersions(versionsDir, name)) {
        const file = path.join(versionsDir, name, `${version}.json`);
        files.set(file, fs.readFileSync(file, 'utf8'));
      }
    }
  }
  for (const source of schemas) {
    const version = Number(source.schema['x-version']);
    const versions = recordedVersions(versionsDir, source.name);
    const last = versions.at(-1);
    const file = path.join(versionsDir, source.name, `${version}.json`);
    if (last === undefined || version > last) {
      files.set(file, recordText(source, version));
      continue;
    }
    if (version < last) {
      problems.push(
        `schemas/${source.file}#/x-version: x-version ${version} is below the last published version ${last}. Set it to ${last} (or ${last + 1} for a new version)`,
      );
      continue;
    }
    const { $comment: _comment, ...published } = readRecord(versionsDir, source.name, version);
    const differences = shapeDifferences(shapeOf(published), shapeOf(source.schema));
    if (differences.length === 0) continue;
    if (rerecord === 'all' || rerecord.includes(source.name)) {
      files.set(file, recordText(source, version));
      continue;
    }
    problems.push(
      `schemas/${source.file}#/x-version: the shape changed since published version ${version} in ${differences.length} place(s):\n` +
        differences.map((difference) => `      ${difference}\n`).join('') +
        `    Bump x-version to ${version + 1} (records saved under ${version} stay loadable from ` +
        `src/generated/${VERSIONS_DIR}/${source.name}/${version}.json), or, if version ${version} was never released, ` +
        `run \`npm run codegen -- --rerecord ${source.name}\``,
    );
  }
  return { files, problems };
}
