/**
 * Bundles the server (src/server/main.ts and everything it imports from src/) into
 * dist/server/main.js, so `npm start` runs plain `node` with no TypeScript compiled at start.
 * Packages stay external (native ones such as better-sqlite3 and sharp cannot be bundled, and
 * node_modules is there at run time anyway); one file of our own code loads faster than
 * hundreds of modules.
 *
 * Our modules find their data files (config/, locales/, src/generated/schemas, the face worker)
 * relative to `import.meta.url`. In one bundle every module would share dist/server/main.js's
 * URL, so each module's `import.meta.url` is rewritten to its own source file's URL, computed
 * relative to the bundle: the build keeps working when the checkout moves.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const outFile = path.join(repoRoot, 'dist/server/main.js');
const sourceRoot = path.join(repoRoot, 'src') + path.sep;

const EXTERNAL_PACKAGES = [
  'better-sqlite3',
  'sharp',
  'pg-native',
  '@vladmandic/face-api',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'svg-captcha',
  // loaded on first use (src/server/lazy-modules.ts): outside the bundle, nothing of it is compiled at start
  'exceljs',
  'pino',
  'ioredis',
  'esbuild',
  'vite',
  'tsx',
];

const ownImportMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.(ts|js|mjs)$/ }, async (args) => {
      if (!args.path.startsWith(sourceRoot)) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const relative = path.relative(path.dirname(outFile), args.path).split(path.sep).join('/');
      const contents = source.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`);
      return { contents, loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
    });
  },
};

const started = Date.now();
const result = await build({
  entryPoints: [path.join(repoRoot, 'src/server/main.ts')],
  outfile: outFile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // pure-JS packages are bundled (loading their thousands of files was most of a start); these
  // stay outside: native code, or files read next to the package's own __dirname at run time
  external: EXTERNAL_PACKAGES,
  // CommonJS packages inside an ES module bundle still call require() for node: built-ins
  banner: {
    js: "import { createRequire as __summitCreateRequire } from 'node:module'; const require = __summitCreateRequire(import.meta.url);",
  },
  sourcemap: 'linked',
  // the map gives each line's file and line; the files' text stays in the repository. With it
  // (16.5 MB of map, most of it the sources' text), --enable-source-maps kept about 50 MB of
  // heap for the instance's life: idle RSS 227 MB against 171-182 MB without (issue 29)
  sourcesContent: false,
  legalComments: 'none',
  // less to parse at every start; names kept and a source map written, so stack traces stay readable
  minify: true,
  keepNames: true,
  logLevel: 'warning',
  metafile: true,
  plugins: [ownImportMetaUrl],
});
const inputs = Object.keys(result.metafile.inputs).length;
console.log(`server: ${inputs} modules bundled into ${path.relative(repoRoot, outFile)} in ${Date.now() - started} ms`);
