/**
 * The published form versions this process validates with, where they differ from the build's
 * (src/generated): filled by the forms feature at start, on a publish, and by its version check
 * (every instance follows a publish within seconds). One process is one instance, so the table
 * is the process's; an app that closes empties it.
 *
 * What follows a publish reads it here too: the exports and the audit log (`currentSchema`), the
 * server's translations (`liveText`: a field a publish adds has its labels only in the version's
 * row), and the OpenAPI document (`onLiveSchemasChanged`, `liveSchemasGeneration`).
 */
import type { ValidateFunction } from 'ajv';
import type { Language } from '../../shared/constants.js';
import { loadSchema } from './schema-loader.js';

export interface LiveSchema {
  version: number;
  validate: ValidateFunction;
  /** the bundled schema the validator belongs to */
  schema: Record<string, unknown>;
  /** the texts of the label keys the version names, per language (the form_versions row's labels) */
  labels?: Record<Language, Record<string, string>>;
}

/** A version a database stores (published or retired): its bundled schema and its labels. */
export interface StoredVersion {
  schema: Record<string, unknown>;
  labels: Record<Language, Record<string, string>>;
}

const live = new Map<string, LiveSchema>();
/** the versions a database stores, by form and version (the upgrade note's labels) */
const stored = new Map<string, ReadonlyMap<number, StoredVersion>>();
/** every live version's labels in one table per language; a key two forms share reads as the one switched last */
const texts = new Map<Language, Map<string, string>>();
const listeners = new Set<() => void>();
let generation = 0;
let storedGeneration = 0;

export function liveSchema(name: string): LiveSchema | undefined {
  return live.get(name);
}

/** The bundled schema a form is shown and checked with now: the live version's, else the build's. */
export function currentSchema(name: string): Record<string, unknown> {
  return live.get(name)?.schema ?? loadSchema(name);
}

/** The bundled schema of a version the database stores (published or retired), when read at the last switch. */
export function storedSchema(name: string, version: number): Record<string, unknown> | undefined {
  return stored.get(name)?.get(version)?.schema;
}

/** A label of a version the database stores, in one language, as read at the last switch. */
export function storedText(name: string, version: number, language: Language, key: string): string | undefined {
  return stored.get(name)?.get(version)?.labels[language][key];
}

/** The bundled schemas of every version of a form the database stores, as read at the last switch. */
export function storedSchemasOf(name: string): Record<string, unknown>[] {
  return [...(stored.get(name)?.values() ?? [])].map((version) => version.schema);
}

export function setStoredVersions(name: string, versions: ReadonlyMap<number, StoredVersion>): void {
  stored.set(name, versions);
  // what follows the stored versions (their x-sensitive marks: security/sensitive-fields.ts) reads them anew;
  // the live versions' own generation stays, so the OpenAPI document is not rebuilt for it
  storedGeneration += 1;
}

/** Counts the changes of the stored versions: whatever is derived from them is current while it stays the same. */
export function storedSchemasGeneration(): number {
  return storedGeneration;
}

/** A label of a live version in one language, when a live version names the key. */
export function liveText(language: Language, key: string): string | undefined {
  return texts.size === 0 ? undefined : texts.get(language)?.get(key);
}

/** Counts the switches: whatever is derived from the live versions is current while it stays the same. */
export function liveSchemasGeneration(): number {
  return generation;
}

/** `listener` runs after every switch (and after the table is emptied); returns the unsubscribe. */
export function onLiveSchemasChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setLiveSchema(name: string, schema: LiveSchema): void {
  // re-inserted, so its labels come last and win over an older switch's for a shared key
  live.delete(name);
  live.set(name, schema);
  changed();
}

export function clearLiveSchemas(): void {
  live.clear();
  stored.clear();
  changed();
}

function changed(): void {
  texts.clear();
  for (const { labels } of live.values())
    for (const [language, entries] of Object.entries(labels ?? {}) as [Language, Record<string, string>][]) {
      const table = texts.get(language) ?? new Map<string, string>();
      for (const [key, text] of Object.entries(entries)) table.set(key, text);
      texts.set(language, table);
    }
  generation += 1;
  for (const listener of listeners) listener();
}
