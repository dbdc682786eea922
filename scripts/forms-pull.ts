/**
 * `npm run forms:pull [-- --dry-run] [--form NAME] [--sqlite FILE]`: writes the published version
 * of each form of a database (what organisers published in the console, form versions as data)
 * back into the repository's files, so codegen, the generated types, the demo data check and the
 * tests follow it:
 *
 * - `schemas/<form>.json`: the version's source schema as stored (its `$ref`s into
 *   definitions.json stay refs; `x-version` is the published version's number);
 * - `ui-schemas/<ui>.json`: each UI schema of the version (`unit-enterprise`, ...);
 * - `locales/<language>/<namespace>.json`: the text of every label key the version names, in
 *   zh-CN and en (`schema.fields.x` is `fields.x` of `schema.json`); no other key is touched. A
 *   key the form no longer names is removed only when no schema, UI schema or code file names it
 *   any more (the records of older versions in src/generated/versions do, so a dropped field's
 *   label normally stays, and the pull says so).
 *
 * Files keep their layout (2-space JSON, short objects on one line where they were, a trailing
 * newline; scripts/support/json-layout.ts); a file whose content would not change is not
 * written, so a second pull prints `up to date`. The database is the one the server uses:
 * DATABASE_URL (+ DATABASE_SCHEMA) for PostgreSQL, else DATA_DIR/summit.sqlite (read only), or
 * `--sqlite FILE`. Nothing is written to the database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../src/server/db/database.js';
import { formsDb, type FormVersionTable } from '../src/server/features/forms/form-tables.js';
import { documentOf } from '../src/server/features/forms/form-version-rows.js';
import { RepositoryForms } from '../src/server/features/forms/repository-forms.js';
import { documentChanges } from '../src/shared/form-rules/document-diff.js';
import {
  editableForms,
  formLanguages,
  isEditableForm,
  type EditableFormName,
  type FormDocument,
  type FormLanguage,
} from '../src/shared/form-versions-api.js';
import { layOutLike } from './support/json-layout.js';
import { runWhenExecuted } from './support/run-cli.js';
import { holdsFormVersions, openFormsDatabase, type FormsDatabase } from './support/forms-database.js';

const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `usage: npm run forms:pull [-- --dry-run] [--form NAME] [--sqlite FILE]
  Writes the published version of each form of the database into schemas/, ui-schemas/ and locales/
  (forms: ${editableForms.join(', ')}).
  Database: DATABASE_URL (+ DATABASE_SCHEMA), else --sqlite FILE, else DATA_DIR/summit.sqlite
  (DATA_DIR defaults to ./data); read only.
  --dry-run   print what would change, write nothing
  --form NAME only this form (repeatable)`;

type Json = Record<string, unknown>;

export interface PullOptions {
  /** where schemas/, ui-schemas/ and locales/ are (default: the repository) */
  root?: string;
  /** folders whose files may still name a label key the form dropped (default: src/, config/, codegen/ of the repository) */
  codeRoots?: string[];
}

/** One published version, as the pull needs it. */
export interface PublishedForm {
  name: EditableFormName;
  version: number;
  publishedAt: string;
  document: FormDocument;
}

/** A file the pull would write: its path under the root, its content now (undefined: new) and after. */
export interface PlannedFile {
  file: string;
  before: string | undefined;
  after: string;
}

export interface PullPlan {
  files: PlannedFile[];
  notes: string[];
}

interface Args {
  dryRun: boolean;
  forms: string[];
  sqlite?: string;
  help: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { dryRun: false, forms: [], help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--dry-run') args.dryRun = true;
    else if (arg === '--form') args.forms.push(argv[++i] ?? '');
    else if (arg === '--sqlite') args.sqlite = path.resolve(argv[++i] ?? '');
    else if (arg === '--help' || arg === '-h') args.help = true;
    else throw new Error(`forms:pull: unknown argument ${arg}\n${USAGE}`);
  }
  return args;
}

function readText(file: string): string | undefined {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Where a flat key (`schema.fields.x`) lives: the namespace file and the path in it. */
function keyPlace(key: string): { namespace: string; path: string[] } {
  const [namespace = '', ...rest] = key.split('.');
  return { namespace, path: rest };
}

function getAt(object: Json, keyPath: string[]): unknown {
  let node: unknown = object;
  for (const part of keyPath) node = isObject(node) ? node[part] : undefined;
  return node;
}

/** Sets a text; a key not there yet is added at the end of its object. False when a text stands where an object would be. */
function setAt(object: Json, keyPath: string[], text: string): boolean {
  let node = object;
  for (const part of keyPath.slice(0, -1)) {
    if (node[part] === undefined) node[part] = {};
    const next = node[part];
    if (!isObject(next)) return false;
    node = next;
  }
  const last = keyPath[keyPath.length - 1]!;
  if (isObject(node[last])) return false;
  node[last] = text;
  return true;
}

/** Removes a text, and the objects it leaves empty. */
function deleteAt(object: Json, keyPath: string[]): void {
  const [head, ...rest] = keyPath;
  if (head === undefined || !(head in object)) return;
  if (rest.length === 0) {
    delete object[head];
    return;
  }
  const child = object[head];
  if (!isObject(child)) return;
  deleteAt(child, rest);
  if (Object.keys(child).length === 0) delete object[head];
}

function filesUnder(dir: string, into: string[] = []): string[] {
  if (!fs.existsSync(dir)) return into;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'locales') filesUnder(full, into);
    } else if (/\.(ts|tsx|json)$/.test(entry.name)) into.push(full);
  }
  return into;
}

/** What pulling these published versions would write, and what it leaves as it is (notes). Pure but for reading files. */
export function planPull(forms: PublishedForm[], options: PullOptions = {}): PullPlan {
  const root = options.root ?? REPOSITORY_ROOT;
  const codeRoots = options.codeRoots ?? ['src', 'config', 'codegen'].map((dir) => path.join(REPOSITORY_ROOT, dir));
  const repository = new RepositoryForms(root);
  const notes: string[] = [];
  /** file (relative to root) -> new content */
  const contents = new Map<string, string>();
  const before = new Map<string, string | undefined>();
  const put = (file: string, value: unknown) => {
    const previous = readText(path.join(root, file));
    before.set(file, previous);
    contents.set(file, layOutLike(value, previous));
  };

  // the keys the files give each form now (what the form may have stopped naming)
  const keysBefore = new Set<string>();
  for (const form of forms) {
    if (!fs.existsSync(path.join(root, 'schemas', `${form.name}.json`))) {
      notes.push(`schemas/${form.name}.json does not exist yet: written as new`);
    } else {
      const files = repository.document(form.name);
      for (const language of formLanguages) for (const key of Object.keys(files.labels[language])) keysBefore.add(key);
      for (const ui of Object.keys(files.uiSchemas))
        if (!(ui in form.document.uiSchemas))
          notes.push(
            `ui-schemas/${ui}.json is not a UI schema of ${form.name} v${form.version} any more: left as it is (delete it if no screen uses it)`,
          );
    }
    put(`schemas/${form.name}.json`, form.document.schema);
    for (const [ui, uiSchema] of Object.entries(form.document.uiSchemas)) put(`ui-schemas/${ui}.json`, uiSchema);
  }

  // the texts: a key two forms share takes the text of the version published last
  const texts = new Map<FormLanguage, Map<string, { text: string; form: PublishedForm }>>();
  for (const language of formLanguages) {
    const chosen = new Map<string, { text: string; form: PublishedForm }>();
    for (const form of forms)
      for (const [key, text] of Object.entries(form.document.labels[language])) {
        const other = chosen.get(key);
        if (other && other.text !== text) {
          const [later, earlier] = form.publishedAt > other.form.publishedAt ? [form, other.form] : [other.form, form];
          notes.push(
            `${language} ${key} is shared by ${other.form.name} and ${form.name}, whose published versions word it differently: ` +
              `wrote ${later.name} v${later.version}'s (published last); publish ${earlier.name} with the same text to keep them in step`,
          );
          if (later === form) chosen.set(key, { text, form });
        } else if (!other) chosen.set(key, { text, form });
      }
    texts.set(language, chosen);
  }

  // label keys no form names any more: removed unless another file still names them
  const named = new Set(formLanguages.flatMap((language) => [...texts.get(language)!.keys()]));
  const dropped = [...keysBefore].filter((key) => !named.has(key)).sort();
  const removable = new Set<string>();
  if (dropped.length > 0) {
    const others: { file: string; text: string }[] = [];
    for (const dir of ['schemas', 'ui-schemas'])
      for (const file of filesUnder(path.join(root, dir))) {
        const relative = path.relative(root, file).split(path.sep).join('/');
        others.push({ file: relative, text: contents.get(relative) ?? fs.readFileSync(file, 'utf8') });
      }
    for (const dir of codeRoots)
      for (const file of filesUnder(dir)) others.push({ file: path.relative(REPOSITORY_ROOT, file), text: fs.readFileSync(file, 'utf8') });
    for (const key of dropped) {
      const named = new RegExp(`(?<![\\w.-])${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`);
      const user = others.find((other) => named.test(other.text));
      if (user) notes.push(`kept the label ${key}: no form names it any more, but ${user.file} does`);
      else removable.add(key);
    }
  }

  for (const language of formLanguages) {
    const namespaces = new Map<string, Json>();
    const localeOf = (namespace: string): Json | undefined => {
      if (!namespaces.has(namespace)) {
        const text = readText(path.join(root, 'locales', language, `${namespace}.json`));
        if (text === undefined) return undefined;
        namespaces.set(namespace, JSON.parse(text) as Json);
      }
      return namespaces.get(namespace);
    };
    for (const [key, { text, form }] of texts.get(language)!) {
      const place = keyPlace(key);
      const locale = localeOf(place.namespace);
      if (!locale || place.path.length === 0) {
        notes.push(`${form.name} names ${key}, but locales/${language}/${place.namespace}.json does not exist: not written`);
        continue;
      }
      if (getAt(locale, place.path) === text) continue;
      if (!setAt(locale, place.path, text))
        notes.push(`${key}: locales/${language}/${place.namespace}.json has an object where the text would go: not written`);
    }
    for (const key of removable) {
      const place = keyPlace(key);
      const locale = localeOf(place.namespace);
      if (locale && getAt(locale, place.path) !== undefined) deleteAt(locale, place.path);
    }
    for (const [namespace, locale] of namespaces) put(`locales/${language}/${namespace}.json`, locale);
  }

  const files = [...contents]
    .filter(([file, after]) => before.get(file) !== after)
    .map(([file, after]) => ({ file, before: before.get(file), after }));
  return { files, notes };
}

/** The changes of one file, as pointers (`+ /properties/slogan`, `~ /x-version`, `- /fields/motto`). */
export function changeSummary(planned: PlannedFile, limit = 6): string {
  if (planned.before === undefined) return 'new file';
  const changes = documentChanges(JSON.parse(planned.before), JSON.parse(planned.after));
  if (changes.length === 0) return 'layout only';
  const sign = { added: '+', removed: '-', changed: '~' } as const;
  const shown = changes.slice(0, limit).map((change) => `${sign[change.change]} ${change.pointer}`);
  return `${shown.join(', ')}${changes.length > limit ? `, ... (${changes.length} changes)` : ''}`;
}

/** The published version of each form asked for (a database the server never started on has none: null). */
async function readPublished(database: FormsDatabase & { db: Db }, names: readonly EditableFormName[]): Promise<PublishedForm[] | null> {
  if (!(await holdsFormVersions(database))) return null;
  const rows: FormVersionTable[] = await formsDb(database.db)
    .selectFrom('form_versions')
    .selectAll()
    .where('state', '=', 'published')
    .execute();
  return rows
    .filter((row) => (names as readonly string[]).includes(row.form_name))
    .sort((a, b) => names.indexOf(a.form_name as EditableFormName) - names.indexOf(b.form_name as EditableFormName))
    .map((row) => ({
      name: row.form_name as EditableFormName,
      version: Number(row.version),
      publishedAt: row.published_at ?? '',
      document: documentOf(row),
    }));
}

export async function formsPull(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  log: (line: string) => void = console.log,
  options: PullOptions = {},
): Promise<number> {
  const args = parseArgs(argv);
  if (args.help) {
    log(USAGE);
    return 0;
  }
  const unknown = args.forms.filter((name) => !isEditableForm(name));
  if (unknown.length > 0) {
    log(`forms:pull: ${unknown.join(', ')} is no form kept as versions; one of: ${editableForms.join(', ')}`);
    return 2;
  }
  const names = args.forms.length > 0 ? (args.forms as EditableFormName[]) : [...editableForms];
  const database = openFormsDatabase(env, args.sqlite);
  const { db, name } = database;
  if (!db) {
    log(`forms:pull: ${name} does not exist: no published form to pull (set DATABASE_URL, DATA_DIR or --sqlite to the server's database)`);
    return 2;
  }
  let published: PublishedForm[] | null;
  try {
    published = await readPublished({ ...database, db }, names);
  } finally {
    await db.destroy();
  }
  if (!published) {
    log(`forms:pull: ${name} holds no form versions yet (the server seeds them from the files at start): nothing to pull`);
    return 2;
  }
  const missing = names.filter((form) => !published.some((row) => row.name === form));
  for (const form of missing) log(`forms:pull: ${form} has no published version in ${name}: left as the files have it`);

  const plan = planPull(published, options);
  const root = options.root ?? REPOSITORY_ROOT;
  const versions = published.map((form) => `${form.name} v${form.version}`).join(', ');
  for (const note of plan.notes) log(`forms:pull: note: ${note}`);
  if (plan.files.length === 0) {
    log(`forms:pull: up to date with ${name} (${versions}): nothing written`);
    return 0;
  }
  log(`forms:pull: ${args.dryRun ? 'would change' : 'changed'} ${plan.files.length} file(s) from ${name} (${versions}):`);
  for (const planned of plan.files) {
    log(`  ${planned.file}: ${changeSummary(planned)}`);
    if (!args.dryRun) {
      fs.mkdirSync(path.dirname(path.join(root, planned.file)), { recursive: true });
      fs.writeFileSync(path.join(root, planned.file), planned.after);
    }
  }
  if (args.dryRun) log('forms:pull: --dry-run: nothing written');
  else
    log(
      'forms:pull: now run `npm run codegen` (it records each new x-version and regenerates the types and validators), ' +
        'fix config/demo-data.json if codegen says a demo record no longer fits, then commit schemas/, ui-schemas/, locales/, ' +
        'config/ and src/generated/ together',
    );
  return 0;
}

runWhenExecuted(import.meta.url, (args) => formsPull(args));
