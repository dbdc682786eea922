/**
 * Demo records are data (config/demo-data.json): each account may carry documents whose schema
 * `recordSchemas` names (`{"unit": "unit", "guest": "guest"}`). Codegen checks every one
 * against the schema being generated, so a schema change that the demo data no longer meets
 * fails here, naming the file, the record and the field, instead of stopping the next fresh
 * start. Same formats, keywords and messages as the app's validators.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv, { type ErrorObject } from 'ajv';
import { schemaFormats } from '../src/shared/schema-formats.js';
import { addSchemaKeywords } from '../src/shared/schema-keywords.js';
import { completeFromSchema } from '../src/shared/schema-completion.js';
import { messageKeyForAjvError, pointerForAjvError } from '../src/shared/validation-messages.js';
import { problem } from '../src/shared/form-rules/problem.js';
import { escapePointerToken } from '../src/shared/json-pointer.js';
import type { JsonSchema } from './schema-files.js';
import { JsonSyntaxError, readJsonFile } from './json-file.js';

export const DEMO_DATA_FILE = 'config/demo-data.json';

export interface DemoDataLintInput {
  /** absolute path of config/demo-data.json; a missing file is not a problem (no demo data) */
  file: string;
  schemaOf: (name: string) => JsonSchema | undefined;
  /** 'validation.maxLength' -> 'At most {{limit}} characters' (English texts, for the message) */
  texts: Map<string, string>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return Boolean(value) && typeof value === 'object' && !Array.isArray(value);
}

function explain(error: ErrorObject, schema: JsonSchema, texts: Map<string, string>): string {
  const key = messageKeyForAjvError(error, schema);
  const text = texts.get(key) ?? key;
  const params = error.params as Record<string, unknown>;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => String(params[name] ?? `{{${name}}}`));
}

export function lintDemoData({ file, schemaOf, texts }: DemoDataLintInput): string[] {
  if (!fs.existsSync(file)) return [];
  const where = path.relative(process.cwd(), file).split(path.sep).join('/') || DEMO_DATA_FILE;
  let demo: unknown;
  try {
    demo = readJsonFile(file, where);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    return error.problems;
  }
  if (!isRecord(demo)) return [problem(where, '#', 'must be an object', 'Restore the file from git and edit its values')];
  const recordSchemas = isRecord(demo.recordSchemas) ? demo.recordSchemas : {};
  const accounts = Array.isArray(demo.accounts) ? demo.accounts : [];
  const problems: string[] = [];
  const ajv = addSchemaKeywords(new Ajv({ allErrors: true, verbose: true, strict: false, formats: schemaFormats }));
  for (const [key, schemaName] of Object.entries(recordSchemas)) {
    const schema = schemaOf(String(schemaName));
    if (!schema) {
      problems.push(
        problem(
          where,
          `#/recordSchemas/${escapePointerToken(key)}`,
          `names schema "${String(schemaName)}", which does not exist`,
          'Name a file of schemas/ without .json',
        ),
      );
      continue;
    }
    const validate = ajv.compile(schema);
    accounts.forEach((account: unknown, index) => {
      if (!isRecord(account) || account[key] === undefined) return;
      const record = `${key} of ${String(account.account)}`;
      const base = `#/accounts/${index}/${escapePointerToken(key)}`;
      // the seed completes required choices the schema names a value for (src/shared/schema-completion.ts)
      if (validate(completeFromSchema(account[key], schema))) return;
      for (const error of validate.errors ?? []) {
        const field = pointerForAjvError(error);
        problems.push(
          problem(
            where,
            `${base}${field}`,
            `demo record "${record}" does not meet schemas/${String(schemaName)}.json at ${field || '/'}: ${explain(error, schema, texts)}`,
            error.keyword === 'required'
              ? 'Add the field to the demo record (a required field without a default, example or enum in the schema cannot be filled in)'
              : 'Change the demo value so a user could have saved it under the current schema',
          ),
        );
      }
    });
  }
  return problems;
}

/** The English texts of a locales folder, 'namespace.key' -> text. */
export function readEnglishTexts(localesDir: string): Map<string, string> {
  const texts = new Map<string, string>();
  const dir = path.join(localesDir, 'en');
  if (!fs.existsSync(dir)) return texts;
  const walk = (value: unknown, prefix: string): void => {
    if (isRecord(value)) for (const [key, child] of Object.entries(value)) walk(child, `${prefix}.${key}`);
    else if (typeof value === 'string') texts.set(prefix, value);
  };
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    try {
      walk(JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as unknown, name.replace(/\.json$/, ''));
    } catch {
      // the locale reader reports broken locale files
    }
  }
  return texts;
}
