import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { rootSchemas, rootValidators } from '../../generated/validator-map.js';
import type { SchemaName } from '../../generated/registry.js';
import { loadSchema } from '../http/schema-loader.js';
import { liveSchema, storedSchema } from '../http/live-schemas.js';
import type { FormVersion } from './document-upgrade.js';

/** The x-version of a schema: stored next to every document validated against it. */
export function versionOf(name: string): number {
  const published = liveSchema(name);
  if (published) return published.version;
  const version = loadSchema(name)['x-version'];
  return typeof version === 'number' ? version : 1;
}

/** Where codegen keeps each published version's bundled schema (codegen/versions.ts). */
export const versionsDir = fileURLToPath(new URL('../../generated/versions/', import.meta.url));

/**
 * The bundled schema a record of `version` was saved under, from a versions folder; for the
 * app's own folder, else as the database stores it (a version published in the console and not
 * pulled into the files).
 */
export function publishedSchema(name: string, version: number, dir = versionsDir): Record<string, unknown> | undefined {
  const file = `${dir}/${name}/${version}.json`;
  if (!fs.existsSync(file)) return dir === versionsDir ? storedSchema(name, version) : undefined;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** The schema as the running app has it (its precompiled validator), with its older versions on record. */
export function currentFormVersion(name: SchemaName): FormVersion {
  const published = liveSchema(name);
  if (published)
    return {
      name,
      version: published.version,
      validate: published.validate,
      schema: published.schema,
      published: (version) => publishedSchema(name, version),
    };
  const validate = rootValidators[name] as ValidateFunction | undefined;
  if (!validate) throw new Error(`no precompiled validator for schema "${name}"`);
  return { name, version: versionOf(name), validate, schema: rootSchemas[name], published: (version) => publishedSchema(name, version) };
}

/**
 * Every place a schema-validated document is stored with its version: what the form-version diff
 * reads. A new kind of stored document adds one line here.
 */
export interface StoredDocumentKind {
  kind: string;
  table: string;
  /** the JSON text column and the column with the x-version it was saved under */
  column: string;
  versionColumn: string;
  schema: SchemaName;
  /** rows that hold a real document of that schema (e.g. only completed unit forms) */
  onlyWhere?: { column: string; value: number | string };
}

export const storedDocuments: StoredDocumentKind[] = [
  {
    kind: 'unit',
    table: 'units',
    column: 'document',
    versionColumn: 'schema_version',
    schema: 'unit',
    onlyWhere: { column: 'complete', value: 1 },
  },
  { kind: 'guest', table: 'guests', column: 'document', versionColumn: 'schema_version', schema: 'guest' },
  { kind: 'guest-intention', table: 'guests', column: 'intention', versionColumn: 'intention_version', schema: 'attendance-intention' },
  { kind: 'guest-itinerary', table: 'guests', column: 'itinerary', versionColumn: 'itinerary_version', schema: 'itinerary' },
  { kind: 'guest-reception', table: 'guests', column: 'reception', versionColumn: 'reception_version', schema: 'reception' },
  { kind: 'guest-epidemic', table: 'guests', column: 'epidemic', versionColumn: 'epidemic_version', schema: 'epidemic-prevention' },
  { kind: 'entourage-member', table: 'entourage_members', column: 'document', versionColumn: 'schema_version', schema: 'entourage-member' },
  { kind: 'entourage-itinerary', table: 'entourage_members', column: 'itinerary', versionColumn: 'itinerary_version', schema: 'itinerary' },
  { kind: 'entourage-reception', table: 'entourage_members', column: 'reception', versionColumn: 'reception_version', schema: 'reception' },
];
