/**
 * `npm run forms:pull`: an organiser publishes a changed form in the console (through the
 * product's own form-versions API); the pull writes that published version into a temp copy of
 * schemas/, ui-schemas/ and locales/, keeping the files' layout and every other key; the files
 * then pass codegen's rules, and a second pull writes nothing. A rollback pulled back gives the
 * original files byte for byte (the label the form no longer names is removed, as no other file
 * names it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formsPull, planPull, type PublishedForm } from '../../scripts/forms-pull.js';
import { RepositoryForms } from '../../src/server/features/forms/repository-forms.js';
import { projectRoot } from '../../codegen/pipeline.js';
import { bundleSchema } from '../../src/shared/form-rules/bundle.js';
import { lintSchemas } from '../../src/shared/form-rules/lint.js';
import { readLocaleKeys, readSchemaSources, type JsonSchema } from '../../codegen/schema-files.js';
import { lintUiSchemas } from '../../codegen/ui-schema-lint.js';
import { readDeclarations } from '../../codegen/declaration-lint.js';
import { DEMO_DATA_FILE, lintDemoData, readEnglishTexts } from '../../codegen/demo-data-lint.js';
import {
  formVersionsApiPaths as paths,
  type FormPublished,
  type FormSummary,
  type FormVersionDetail,
  type StoredRecordsDiff,
} from '../../src/shared/form-versions-api.js';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp, type TestApp } from './helpers/test-app.js';
import { caller, ORGANISER } from './guests-harness.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are edited by hand here
type Json = Record<string, any>;

const COPIED = ['schemas', 'ui-schemas', 'locales'];

function read(root: string, file: string): string {
  return fs.readFileSync(path.join(root, file), 'utf8');
}

function json(root: string, file: string): Json {
  return JSON.parse(read(root, file)) as Json;
}

/** Every file of the copied folders, by path, with its content. */
function snapshot(root: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const dir of COPIED)
    for (const entry of fs.readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true }))
      if (entry.isFile()) {
        const full = path.join(entry.parentPath, entry.name);
        files.set(path.relative(root, full), fs.readFileSync(full, 'utf8'));
      }
  return files;
}

function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([file, content]) => before.get(file) !== content).map(([file]) => file);
}

/** The rules codegen applies to the files (schemas, UI schemas, demo records), on the copy. */
function codegenProblems(root: string): string[] {
  const { definitions, schemas } = readSchemaSources(path.join(root, 'schemas'));
  const localeKeys = {
    'zh-CN': readLocaleKeys(path.join(root, 'locales'), 'zh-CN'),
    en: readLocaleKeys(path.join(root, 'locales'), 'en'),
  };
  const shared = (definitions.schema.definitions ?? {}) as Record<string, JsonSchema>;
  const schemaOf = (name: string) => {
    const source = schemas.find((candidate) => candidate.name === name);
    return source ? bundleSchema(source.schema, shared, source.name) : undefined;
  };
  return [
    ...lintSchemas({ sources: [definitions, ...schemas], localeKeys }),
    ...lintUiSchemas({
      uiSchemasDir: path.join(root, 'ui-schemas'),
      schemaOf,
      schemaNames: new Set(schemas.map((source) => source.name)),
      declarations: readDeclarations(path.join(root, 'ui-schemas', 'screens')).map((source) => source.declaration),
    }),
    ...lintDemoData({ file: path.join(projectRoot, DEMO_DATA_FILE), schemaOf, texts: readEnglishTexts(path.join(root, 'locales')) }),
  ];
}

async function publishDraft(organiser: Awaited<ReturnType<typeof caller>>, document: FormVersionDetail['document']): Promise<number> {
  const saved = await organiser.put(paths.formDraft('good-wishes'), { baseRevision: null, document });
  expect(saved.status).toBe(200);
  const diff = (await organiser.get<StoredRecordsDiff>(paths.formDraftStoredRecords('good-wishes'))).body.data;
  const published = await organiser.post<FormPublished>(paths.formDraftPublish('good-wishes'), { confirmedAffected: diff.affected });
  expect(published.status).toBe(200);
  return published.body.data.version;
}

describeEachDatabase('npm run forms:pull', (kind) => {
  const t: TestApp = useTestApp(kind);
  let root: string;
  let original: Map<string, string>;
  const env = () => ({
    DATA_DIR: t.app.config.dataDir,
    DATABASE_URL: t.app.config.databaseUrl ?? undefined,
    DATABASE_SCHEMA: t.app.config.databaseSchema ?? undefined,
  });
  const pull = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await formsPull(args, env(), (line) => lines.push(line), { root });
    return { code, output: lines.join('\n') };
  };

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'forms-pull-'));
    for (const dir of COPIED) fs.cpSync(path.join(projectRoot, dir), path.join(root, dir), { recursive: true });
    original = snapshot(root);
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('finds the seeded versions equal to the files: up to date, nothing written', async () => {
    const { code, output } = await pull();
    expect(code).toBe(0);
    expect(output).toMatch(/up to date/);
    expect(changedFiles(original, snapshot(root))).toEqual([]);
    expect((await pull('--form', 'nope')).code).toBe(2);
  });

  let published = 0;
  let wishMessage = { en: '', zh: '' };

  it('writes a version published in the console: the new field and its labels, a relabelled field; files keep their layout', async () => {
    const organiser = await caller(t, ORGANISER);
    const live = (await organiser.get<FormSummary[]>(paths.formList)).body.data.find((form) => form.name === 'good-wishes')!.live!;
    const detail = (await organiser.get<FormVersionDetail>(paths.formVersion('good-wishes', live.version))).body.data;
    const document = structuredClone(detail.document);
    (document.schema.properties as Json).slogan = { type: 'string', maxLength: 20, 'x-i18n': 'schema.fields.slogan' };
    const order = (document.uiSchemas['good-wishes'] as Json)['ui:order'] as string[];
    order.splice(order.indexOf('*'), 0, 'slogan');
    document.labels['zh-CN']['schema.fields.slogan'] = '口号';
    document.labels.en['schema.fields.slogan'] = 'Slogan';
    wishMessage = { en: document.labels.en['schema.fields.wishMessage']!, zh: document.labels['zh-CN']['schema.fields.wishMessage']! };
    document.labels.en['schema.fields.wishMessage'] = 'Your good wishes';
    document.labels['zh-CN']['schema.fields.wishMessage'] = '您的祝福';
    published = await publishDraft(organiser, document);

    const dry = await pull('--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.output).toMatch(/would change 4 file/);
    expect(changedFiles(original, snapshot(root))).toEqual([]);

    const { code, output } = await pull();
    expect(code).toBe(0);
    expect(output).toMatch(/npm run codegen/);
    const after = snapshot(root);
    expect(changedFiles(original, after).sort()).toEqual(
      ['locales/en/schema.json', 'locales/zh-CN/schema.json', 'schemas/good-wishes.json', 'ui-schemas/good-wishes.json'].sort(),
    );
    for (const file of ['schemas/good-wishes.json', 'ui-schemas/good-wishes.json', 'locales/en/schema.json'])
      expect(output).toContain(file);

    // the source schema: the new field, the published version's number, refs still refs
    const schema = json(root, 'schemas/good-wishes.json');
    expect(schema['x-version']).toBe(published);
    expect(schema.properties.slogan).toEqual({ type: 'string', maxLength: 20, 'x-i18n': 'schema.fields.slogan' });
    expect(schema.properties.logo).toEqual(json(projectRoot, 'schemas/good-wishes.json').properties.logo);
    expect(Object.keys(schema)).toEqual(Object.keys(json(projectRoot, 'schemas/good-wishes.json')));
    // the UI schema keeps its one-line entries
    const ui = read(root, 'ui-schemas/good-wishes.json');
    expect(ui).toContain('"ui:order": ["wishMessage", "logo", "video", "audio", "slogan", "*"],');
    expect(ui.split('\n').length).toBe(read(projectRoot, 'ui-schemas/good-wishes.json').split('\n').length);
    // the labels: both languages, and every other key of the locale as it was
    for (const [language, slogan, relabel] of [
      ['en', 'Slogan', 'Your good wishes'],
      ['zh-CN', '口号', '您的祝福'],
    ] as const) {
      const locale = json(root, `locales/${language}/schema.json`);
      expect(locale.fields.slogan).toBe(slogan);
      expect(locale.fields.wishMessage).toBe(relabel);
      const before = json(projectRoot, `locales/${language}/schema.json`);
      delete locale.fields.slogan;
      locale.fields.wishMessage = before.fields.wishMessage;
      expect(JSON.stringify(locale)).toBe(JSON.stringify(before));
      // one line added (the new label), the relabelled line and at most the comma before the new one changed
      const lines = read(root, `locales/${language}/schema.json`)
        .split('\n')
        .filter((line) => !line.includes('"slogan": '));
      const beforeLines = read(projectRoot, `locales/${language}/schema.json`).split('\n');
      expect(lines.length).toBe(beforeLines.length);
      expect(lines.filter((line, i) => line !== beforeLines[i]).length).toBeLessThanOrEqual(2);
    }
    expect(codegenProblems(root)).toEqual([]);

    const again = await pull();
    expect(again.code).toBe(0);
    expect(again.output).toMatch(/up to date/);
    expect(changedFiles(after, snapshot(root))).toEqual([]);
  });

  it('pulls a rollback: the files are the original ones again but for x-version, the dropped label removed', async () => {
    const organiser = await caller(t, ORGANISER);
    const back = await organiser.post<FormPublished>(paths.formRollback('good-wishes', published - 1), { confirmedAffected: 0 });
    expect(back.status).toBe(200);
    const { code, output } = await pull('--form', 'good-wishes');
    expect(code).toBe(0);
    expect(output).not.toMatch(/kept the label/);
    const after = snapshot(root);
    expect(changedFiles(original, after)).toEqual(['schemas/good-wishes.json']);
    expect(json(root, 'schemas/good-wishes.json')['x-version']).toBe(back.body.data.version);
    expect(read(root, 'schemas/good-wishes.json').replace(/"x-version": \d+/, '')).toBe(
      read(projectRoot, 'schemas/good-wishes.json').replace(/"x-version": \d+/, ''),
    );
    expect(json(root, 'locales/en/schema.json').fields.wishMessage).toBe(wishMessage.en);
    expect(json(root, 'locales/zh-CN/schema.json').fields.wishMessage).toBe(wishMessage.zh);
    expect(codegenProblems(root)).toEqual([]);
    expect((await pull()).output).toMatch(/up to date/);
  });
});

describe('forms:pull plan (no database)', () => {
  const files = new RepositoryForms(projectRoot);
  const version = (name: 'guest' | 'entourage-member' | 'good-wishes', publishedAt: string): PublishedForm => {
    const document = files.document(name);
    const next = Number(document.schema['x-version']) + 1;
    return { name, version: next, publishedAt, document: { ...document, schema: { ...document.schema, 'x-version': next } } };
  };

  it('keeps the label of a dropped field that another file still names, and says which', () => {
    const form = version('good-wishes', '2026-03-01T00:00:00.000Z');
    delete (form.document.schema.properties as Json).video;
    const ui = form.document.uiSchemas['good-wishes'] as Json;
    ui['ui:order'] = (ui['ui:order'] as string[]).filter((field) => field !== 'video');
    delete ui.video;
    for (const language of ['zh-CN', 'en'] as const) delete form.document.labels[language]['schema.fields.video'];
    const plan = planPull([form]);
    expect(plan.files.map((file) => file.file).sort()).toEqual(['schemas/good-wishes.json', 'ui-schemas/good-wishes.json']);
    expect(plan.notes).toContainEqual(
      expect.stringMatching(/^kept the label schema\.fields\.video: .* but schemas\/definitions\.json does$/),
    );
  });

  it('gives a key two forms word differently the text of the version published last, whatever their order', () => {
    const guest = version('guest', '2026-03-02T00:00:00.000Z');
    const member = version('entourage-member', '2026-03-01T00:00:00.000Z');
    guest.document.labels.en['schema.fields.name'] = 'Full name (as in the passport)';
    member.document.labels.en['schema.fields.name'] = 'Name';
    for (const forms of [
      [guest, member],
      [member, guest],
    ]) {
      const plan = planPull(forms);
      const locale = plan.files.find((file) => file.file === 'locales/en/schema.json');
      expect((JSON.parse(locale!.after) as Json).fields.name).toBe('Full name (as in the passport)');
      expect(plan.notes).toContainEqual(
        expect.stringMatching(/schema\.fields\.name is shared by .* wrote guest v\d+'s \(published last\)/),
      );
    }
  });
});
