// No imports: vite.config.ts reads CORE_NAMESPACES to preload their chunks (scripts/preload-locales-plugin.ts)
// and FEATURE_NAMESPACES to put their texts in one chunk per language.

/**
 * Namespaces: `client` is the UI; `schema`/`validation` come from foundation, `server` from the
 * server; `guest` is the UI of the guest lifecycle, `upload` the upload widget's; `activity`,
 * `content` (wishes, downloads, history, projects), `temporary` and `console` (organisers) follow;
 * `forms` is the console's form editor.
 */
export const NAMESPACES = [
  'client',
  'schema',
  'validation',
  'server',
  'guest',
  'upload',
  'activity',
  'content',
  'temporary',
  'console',
  'wish',
  'upgrade',
  'forms',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * What every screen needs (chrome, field labels, validation and server messages): loaded before
 * the first render. The feature namespaces load with their route (see ensureNamespaces), so the
 * sign-in page does not download the organisers' console texts.
 */
export const CORE_NAMESPACES: readonly Namespace[] = ['client', 'schema', 'validation', 'server'];

/** The namespaces a signed-in screen waits for (router/lazy-screen.ts): all but the core ones. */
export const FEATURE_NAMESPACES: readonly Namespace[] = NAMESPACES.filter((ns) => !CORE_NAMESPACES.includes(ns));
