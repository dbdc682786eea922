/**
 * The suite's `remotes/` folder, served to the compiler as `http://localhost:1234/<path>`: the
 * suite's own test harness runs an HTTP server there, and its `refRemote.json` (and a few `ref.json`
 * groups) refer to those addresses. Nothing is fetched: each document is added to the compiling ajv
 * instance under its address (ajv `addSchema`), so the standalone code carries it inline.
 *
 * Only documents a draft-07 validator can take are served: those without `$schema` or with the
 * draft-07 meta-schema. The later drafts' folders (draft2019-09, draft2020-12, v1) use keywords
 * and meta-schemas draft-07 does not know, and repeat the `$id`s of the draft-07 ones.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const REMOTE_BASE = 'http://localhost:1234/';
const DRAFT7_META = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/;

export interface RemoteDocument {
  url: string;
  schema: unknown;
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return jsonFiles(path);
      return name.endsWith('.json') ? [path] : [];
    });
}

function servedToDraft7(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return true;
  const meta = (schema as Record<string, unknown>).$schema;
  return meta === undefined || (typeof meta === 'string' && DRAFT7_META.test(meta));
}

export function loadRemotes(remotesDir: string): RemoteDocument[] {
  return jsonFiles(remotesDir)
    .map((file) => ({
      url: REMOTE_BASE + relative(remotesDir, file).split(sep).join('/'),
      schema: JSON.parse(readFileSync(file, 'utf8')) as unknown,
    }))
    .filter((remote) => servedToDraft7(remote.schema));
}

/** A schema can reach a remote only through an `$id` or `$ref` naming the remote base. */
export function mentionsRemotes(schema: unknown): boolean {
  return JSON.stringify(schema).includes(REMOTE_BASE.replace(/\/$/, ''));
}
