/**
 * Prints the gzip size of each route's initial JavaScript after `vite build`: the entry chunk,
 * the route's screen chunk and their static imports (each file counted once), plus for declared
 * form screens the bundled schema, precompiled validator and UI schema the form loads first.
 * The active-language locale chunks load before the first render and are reported separately.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const outDir = 'dist/client';
const manifestPath = join(outDir, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`report-bundle-size: ${manifestPath} missing; run vite build first`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;

/** Component screens of src/client/router/static-routes.ts and their modules. */
const componentRoutes: Record<string, string> = {
  '/dashboard': 'src/client/screens/pages/DashboardScreen.tsx',
  '/myNotice/:id': 'src/client/screens/notices/NoticeDetailScreen.tsx',
  '/guide': 'src/client/screens/pages/GuideScreen.tsx',
  '/privacy-policy': 'src/client/screens/pages/PrivacyPolicyScreen.tsx',
  '/choose': 'src/client/screens/pages/ChooseScreen.tsx',
  '/403': 'src/client/screens/pages/ForbiddenScreen.tsx',
  '/404': 'src/client/screens/pages/NotFoundScreen.tsx',
  // menu routes of config/menus.json (guest lifecycle, organisers, content)
  '/unit': 'src/client/screens/units/UnitInfoScreen.tsx',
  '/unit/overview': 'src/client/screens/units/CompanyViewScreen.tsx',
  '/guests': 'src/client/screens/guests/GuestListScreen.tsx',
  '/guests/new': 'src/client/screens/guests/GuestRegistrationScreen.tsx',
  '/guests/:id': 'src/client/screens/guests/GuestDetailScreen.tsx',
  '/guests/:id/entourage': 'src/client/screens/guests/EntourageScreen.tsx',
  '/myRegistration': 'src/client/screens/guests/MyRegistrationScreen.tsx',
  '/admin/review': 'src/client/screens/guests/ReviewQueueScreen.tsx',
  '/downloads': 'src/client/screens/content/DownloadsScreen.tsx',
  '/historicalGuests': 'src/client/screens/content/HistoricalGuestsScreen.tsx',
  '/investmentProjects': 'src/client/screens/content/InvestmentProjectsScreen.tsx',
  '/vehicles': 'src/client/screens/content/VehiclesScreen.tsx',
  '/unofficialGuests': 'src/client/screens/content/UnofficialGuestsScreen.tsx',
};
// a screen moved or renamed must be moved here too: a stale path would silently report the entry alone
const missing = Object.values(componentRoutes).filter((source) => !existsSync(source));
if (missing.length > 0) {
  console.error(`report-bundle-size: no such screen file: ${missing.join(', ')}`);
  process.exit(1);
}

interface Declaration {
  id: string;
  kind: 'form' | 'tabs';
  route?: string;
  schema?: string;
  uiSchema?: string;
  tabs?: { screen: string }[];
}
const declarationDir = 'ui-schemas/screens';
const declarations = readdirSync(declarationDir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => JSON.parse(readFileSync(join(declarationDir, name), 'utf8')) as Declaration);
const byId = new Map(declarations.map((declaration) => [declaration.id, declaration]));

/** The form shown first: the form itself, or the first tab of a tabs screen. */
function firstForm(declaration: Declaration): Declaration | undefined {
  if (declaration.kind === 'form') return declaration;
  const first = declaration.tabs?.[0];
  return first ? byId.get(first.screen) : undefined;
}

function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

function gzipBytes(keys: Set<string>): number {
  let total = 0;
  for (const key of keys) {
    const chunk = manifest[key];
    if (chunk?.file.endsWith('.js')) total += gzipSync(readFileSync(join(outDir, chunk.file))).length;
  }
  return total;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');

const rows: { route: string; bytes: number }[] = [];
for (const [route, source] of Object.entries(componentRoutes)) {
  rows.push({ route, bytes: gzipBytes(closure([entryKey, source])) });
}
for (const declaration of declarations.filter((item) => item.route)) {
  const form = firstForm(declaration);
  const extra = form?.schema
    ? [
        `src/generated/schemas/${form.schema}.json`,
        `src/generated/validators/${form.schema}.js`,
        `ui-schemas/${form.uiSchema ?? form.schema}.json`,
      ]
    : [];
  rows.push({
    route: declaration.route as string,
    bytes: gzipBytes(closure([entryKey, 'src/client/engine/DeclaredScreen.tsx', ...extra])),
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
console.log('\nInitial JavaScript per route (gzip):');
for (const row of rows.sort((a, b) => a.route.localeCompare(b.route))) {
  console.log(`  ${row.route.padEnd(22)} ${kb(row.bytes).padStart(10)}`);
}
const localeKeys = new Set(Object.keys(manifest).filter((key) => key.startsWith('locales/zh-CN/')));
console.log(`  ${'+ zh-CN locale files'.padEnd(22)} ${kb(gzipBytes(localeKeys)).padStart(10)}`);
