/**
 * The forms as the repository's files have them (schemas/, ui-schemas/, locales/): what seeds the
 * first published version of each form on an empty database, and the shared definitions every
 * version's `$ref`s point into.
 */
import fs from 'node:fs';
import path from 'node:path';
import { bundleSchema, type JsonSchema } from '../../../shared/form-rules/bundle.js';
import { schemaLabelKeys, uiSchemaLabelKeys } from '../../../shared/form-rules/label-keys.js';
import { formLanguages, type EditableFormName, type FormDocument, type FormLanguage } from '../../../shared/form-versions-api.js';

type Json = Record<string, unknown>;

function readJson(file: string): Json {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Json;
}

function flatten(node: unknown, prefix: string, into: Map<string, string>): void {
  if (typeof node === 'string') into.set(prefix, node);
  else if (node && typeof node === 'object' && !Array.isArray(node))
    for (const [key, child] of Object.entries(node)) flatten(child, `${prefix}.${key}`, into);
}

export class RepositoryForms {
  private readonly texts = new Map<FormLanguage, Map<string, string>>();
  private definitionsCache: JsonSchema | undefined;

  constructor(private readonly root: string) {}

  /** schemas/definitions.json as a whole. */
  definitionsFile(): JsonSchema {
    this.definitionsCache ??= readJson(path.join(this.root, 'schemas/definitions.json'));
    return this.definitionsCache;
  }

  /** The shared definitions: a form's `$ref`s resolve into them. */
  definitions(): Record<string, JsonSchema> {
    return (this.definitionsFile().definitions ?? {}) as Record<string, JsonSchema>;
  }

  /** The form's source schema as the repository has it (the bounds of its protected fields). */
  fileSchema(name: string): JsonSchema {
    return readJson(path.join(this.root, 'schemas', `${name}.json`));
  }

  bundle(name: string, schema: JsonSchema): JsonSchema {
    return bundleSchema(schema, this.definitions(), name);
  }

  /** Every text of a language, flat (`schema.fields.name` -> text). */
  textsOf(language: FormLanguage): Map<string, string> {
    let texts = this.texts.get(language);
    if (!texts) {
      texts = new Map();
      const dir = path.join(this.root, 'locales', language);
      for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')))
        flatten(readJson(path.join(dir, file)), file.slice(0, -5), texts);
      this.texts.set(language, texts);
    }
    return texts;
  }

  /** The UI schemas of a form: `<name>.json` and `<name>-<variant>.json` that are no schema of their own. */
  uiSchemaNames(name: string): string[] {
    const dir = path.join(this.root, 'ui-schemas');
    const schemaNames = new Set(fs.readdirSync(path.join(this.root, 'schemas')).map((f) => f.replace(/\.json$/, '')));
    return fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.slice(0, -5))
      .filter((ui) => ui === name || (ui.startsWith(`${name}-`) && !schemaNames.has(ui)))
      .sort();
  }

  /** The labels of a form's keys in both languages (a key a language lacks is left out: the check names it). */
  labelsFor(bundled: JsonSchema, uiSchemas: Record<string, Json>): FormDocument['labels'] {
    const zh = this.textsOf('zh-CN');
    const keys = new Set([...schemaLabelKeys(bundled), ...uiSchemaLabelKeys(Object.values(uiSchemas), (key) => zh.has(key))]);
    const labels = {} as FormDocument['labels'];
    for (const language of formLanguages) {
      const texts = this.textsOf(language);
      labels[language] = Object.fromEntries(
        [...keys]
          .sort()
          .filter((key) => texts.has(key))
          .map((key) => [key, texts.get(key) as string]),
      );
    }
    return labels;
  }

  /** The form as the files have it now. */
  document(name: EditableFormName): FormDocument {
    const schema = readJson(path.join(this.root, 'schemas', `${name}.json`));
    const uiSchemas = Object.fromEntries(
      this.uiSchemaNames(name).map((ui) => [ui, readJson(path.join(this.root, 'ui-schemas', `${ui}.json`))]),
    );
    return { schema, uiSchemas, labels: this.labelsFor(this.bundle(name, schema), uiSchemas) };
  }
}
