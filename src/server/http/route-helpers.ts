import { loadSchema } from './schema-loader.js';
import { liveSchema } from './live-schemas.js';

export function path(name: string): string {
  return `/${name}`;
}

/** Route schema parts from the generated bundles (validation itself is precompiled). */
export const bodyOf = (name: string) => ({ body: loadSchema(name) });
export const queryOf = (name: string) => ({ querystring: loadSchema(name) });

/** The schema version a document was validated against, stored alongside it. */
export function schemaVersionOf(name: string): number {
  const published = liveSchema(name);
  if (published) return published.version;
  const version = loadSchema(name)['x-version'];
  return typeof version === 'number' ? version : 1;
}

/** signed-in routes: the session cookie (browsers) or the same token as a bearer header (API clients) */
export const bearer: { [scheme: string]: string[] }[] = [{ cookieAuth: [] }, { bearerAuth: [] }];
