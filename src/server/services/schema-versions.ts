import { loadSchema } from '../http/schema-loader.js';

/** The x-version of a schema: stored next to every document validated against it. */
export function versionOf(name: string): number {
  const version = loadSchema(name)['x-version'];
  return typeof version === 'number' ? version : 1;
}
