import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { bootShell } from './scripts/boot-shell-plugin';
import { precompress } from './scripts/precompress-plugin';
import { preloadLocales } from './scripts/preload-locales-plugin';
import { CORE_NAMESPACES, FEATURE_NAMESPACES } from './src/client/i18n/namespaces';
import { DEFAULT_LANGUAGE } from './src/shared/constants';

const lazyMarkdownModule = fileURLToPath(new URL('./src/client/engine/lazy-markdown.tsx', import.meta.url));

/** @rjsf/core imports the markdown parser statically for an option no UI schema uses: everyone else gets the on-demand stand-in. */
function lazyMarkdown(): Plugin {
  return {
    name: 'summit:lazy-markdown',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'markdown-to-jsx/react' && importer !== lazyMarkdownModule) return lazyMarkdownModule;
      return null;
    },
  };
}

/**
 * The engine of the signed-in screens (forms, lists, the form library, dayjs) with the MUI
 * components it draws, one chunk; and the signed-in layout (header, menu, notices) with its own,
 * another. Left to the bundler they were split by which screens share what, and the guest form
 * needed some sixty chunks; a phone's browser fetches six at a time over HTTP/1.1, each wave a
 * round trip (issue 29: 13 s to the usable guest form on Slow 4G, 9 s grouped). The engine's
 * group only takes modules two screens share; the MUI components come with them (a group takes
 * its modules' dependencies): a plain page without a form or a list (the dashboard) stays out.
 */
const SCREENS_COMMON = /node_modules[\\/](@rjsf|dayjs)[\\/]|src[\\/]client[\\/]engine[\\/]/;
const SIGNED_IN_LAYOUT = /src[\\/]client[\\/]layout[\\/]/;
/**
 * What the sign-in page loads on use (the language menu, the confirm dialog of a failed request)
 * and MUI's helpers under them: a chunk of their own, taken before the groups below would take them
 * as dependencies of their components, so a click on the sign-in page never pulls those chunks.
 */
const OVERLAYS =
  /@mui[\\/](material[\\/](Menu|MenuItem|MenuList|List|Popover|Modal|Dialog\w*|Backdrop|Fade|Grow|Portal|Unstable_TrapFocus|Card\w*|transitions|utils)|utils|system)[\\/]/;

/**
 * What every precompiled validator imports (ajv's runtime helpers, the formats): a chunk of its
 * own. The engine's loader of published form versions (engine/form-validator-module.ts) imports
 * them too, and the engine's group would take them with it: the sign-in page's validator would
 * then pull the whole engine chunk (100 kB more on a cold /login).
 */
const VALIDATOR_RUNTIME = /src[\\/]shared[\\/](ajv-runtime|schema-formats)\.ts$/;

/**
 * The feature namespaces' texts of one language (all but the core ones, which the sign-in page
 * preloads): a signed-in screen waits for all of them (router/lazy-screen.ts), nine files fetched
 * six at a time, two round trips on a phone network where one chunk per language is one.
 */
const FEATURE_TEXTS = new RegExp(`locales[\\\\/]([\\w-]+)[\\\\/](${FEATURE_NAMESPACES.join('|')})\\.json$`);

/** The chunk of a language's feature texts (`texts-<language>`), null for any other module. */
function featureTextsChunk(id: string): string | null {
  const match = FEATURE_TEXTS.exec(id);
  return match ? `texts-${match[1]}` : null;
}

// The client lives in src/client with index.html at the project root; the Fastify server
// serves dist/client on the same port as the API, so the dev server only proxies the API.
export default defineConfig({
  plugins: [react(), lazyMarkdown(), preloadLocales(DEFAULT_LANGUAGE, CORE_NAMESPACES), bootShell(), precompress()],
  root: '.',
  publicDir: false,
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (React, the router, MUI's core, i18next, the
          // auth layout and the declared screens that /login is) in one chunk: left to itself the
          // bundler split it into some 30 small shared chunks, each a request with its headers.
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 2 },
            { name: 'overlays', test: OVERLAYS, priority: 1 },
            { name: 'validator-runtime', test: VALIDATOR_RUNTIME, priority: 1 },
            { name: featureTextsChunk, priority: 1 },
            { name: 'signed-in-layout', test: SIGNED_IN_LAYOUT, priority: 1 },
            { name: 'screens-common', test: SCREENS_COMMON, minShareCount: 2 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      // API_TARGET lets a second server (another port) back the dev server
      '/exhibition': { target: process.env.API_TARGET ?? 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
});
