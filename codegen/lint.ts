/**
 * House rules of the schemas, checked before anything is generated (codegen fails listing every
 * problem): draft-07 meta-schema valid, `$id` = prefix + file name and unique, `x-version` an
 * integer, every string bounded by `maxLength` (only enum/const strings are exempt: their values
 * bound them), every `format` known to src/shared/schema-formats.ts, every i18n key
 * (x-i18n, x-enum-i18n, x-messages) present in BOTH locales, every schema and every property
 * labelled (x-i18n on it or on the definition it refers to), x-enum-i18n parallel to enum,
 * x-upload made of known rules, x-same-as/x-differs-from naming an existing sibling.
 * Answer schemas (`x-response: true`, the response-*.json files and the response* definitions)
 * describe what the server writes, never what a user types: they need no maxLength, no labels
 * and no title key (nothing is validated or rendered from them); everything else still applies.
 */
import Ajv from 'ajv';
import { schemaFormatNames } from '../src/shared/schema-formats.js';
import { addSchemaKeywords } from '../src/shared/schema-keywords.js';
import { SCHEMA_ID_PREFIX, type JsonSchema, type SourceSchema } from './schema-files.js';
import { walkSchema } from './walk-schema.js';

export interface LintInput {
  sources: SourceSchema[];
  /** locale keys per language, e.g. { 'zh-CN': Set{'schema.fields.mobile', ...}, en: ... } */
  localeKeys: Record<string, Set<string>>;
}

const UPLOAD_RULES: Record<string, 'number' | 'boolean' | 'string[]'> = {
  accept: 'string[]',
  extensions: 'string[]',
  maxBytes: 'number',
  minBytes: 'number',
  maxCount: 'number',
  minWidth: 'number',
  minHeight: 'number',
  aspectRatio: 'number',
  minDpi: 'number',
  faceAreaMin: 'number',
  faceAreaMax: 'number',
  plainBackground: 'boolean',
};

const SIBLING_KEYWORDS = ['x-same-as', 'x-differs-from', 'x-after'];

function typeIncludesString(schema: JsonSchema): boolean {
  const type = schema.type;
  return type === 'string' || (Array.isArray(type) && type.includes('string'));
}

function checkUpload(upload: unknown, where: string, problems: string[]): void {
  if (!upload || typeof upload !== 'object' || Array.isArray(upload)) {
    problems.push(`${where}: x-upload must be an object`);
    return;
  }
  for (const [rule, value] of Object.entries(upload)) {
    const kind = UPLOAD_RULES[rule];
    const ok =
      kind === 'number'
        ? typeof value === 'number' && value >= 0
        : kind === 'boolean'
          ? typeof value === 'boolean'
          : kind === 'string[]'
            ? Array.isArray(value) && value.every((v) => typeof v === 'string')
            : false;
    if (!kind) problems.push(`${where}: x-upload has unknown rule "${rule}"`);
    else if (!ok) problems.push(`${where}: x-upload.${rule} must be ${kind}`);
  }
}

/** Every subschema of the `x-response: true` subtrees of a schema (answer shapes). */
export function responseParts(schema: JsonSchema): Set<JsonSchema> {
  const parts = new Set<JsonSchema>();
  walkSchema(schema, (sub) => {
    if (sub['x-response'] === true && !parts.has(sub)) walkSchema(sub, (inner) => void parts.add(inner));
  });
  return parts;
}

export function lintSchemas({ sources, localeKeys }: LintInput): string[] {
  const problems: string[] = [];
  const ajv = addSchemaKeywords(new Ajv({ strict: false, validateFormats: false }));
  const ids = new Map<string, string>();
  const knownFormats = new Set<string>(schemaFormatNames);
  const languages = Object.keys(localeKeys);
  const shared = (sources.find((s) => s.file === 'definitions.json')?.schema.definitions ?? {}) as Record<string, JsonSchema>;
  /** The label of a property: its own x-i18n, or that of the definition it refers to. */
  const labelOf = (schema: JsonSchema | undefined): unknown => {
    if (!schema) return undefined;
    if (schema['x-i18n'] !== undefined) return schema['x-i18n'];
    const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
    return ref ? shared[ref.replace(/^(definitions\.json)?#\/definitions\//, '')]?.['x-i18n'] : undefined;
  };

  const checkKey = (key: unknown, where: string): void => {
    if (typeof key !== 'string' || !key.includes('.')) {
      problems.push(`${where}: i18n key ${JSON.stringify(key)} must be a string "namespace.key"`);
      return;
    }
    for (const language of languages) {
      if (!localeKeys[language]?.has(key)) problems.push(`${where}: i18n key "${key}" missing in locales/${language}`);
    }
  };

  for (const { file, name, schema } of sources) {
    const answerParts = responseParts(schema);
    const at = (pointer: string): string => `schemas/${file} ${pointer}`;
    if (!ajv.validateSchema(schema)) {
      problems.push(`schemas/${file}: not a valid draft-07 schema: ${ajv.errorsText(ajv.errors)}`);
    }
    if (schema.$schema !== 'http://json-schema.org/draft-07/schema#') {
      problems.push(`schemas/${file}: $schema must be "http://json-schema.org/draft-07/schema#"`);
    }
    const expectedId = `${SCHEMA_ID_PREFIX}${name}.json`;
    const id = schema.$id;
    if (id !== expectedId) problems.push(`schemas/${file}: $id must be "${expectedId}" (found ${JSON.stringify(id)})`);
    if (typeof id === 'string') {
      const other = ids.get(id);
      if (other) problems.push(`schemas/${file}: $id "${id}" is also used by schemas/${other}`);
      ids.set(id, file);
    }
    if (name !== 'definitions' && !answerParts.has(schema) && typeof schema['x-i18n'] !== 'string') problems.push(`schemas/${file}: x-i18n (title key) is missing`);
    if (!Number.isInteger(schema['x-version']) || (schema['x-version'] as number) < 1) {
      problems.push(`schemas/${file}: x-version must be an integer >= 1`);
    }

    walkSchema(schema, (sub, pointer) => {
      if (pointer !== '#' && typeof sub.$id === 'string') problems.push(`${at(pointer)}: nested $id is not allowed`);
      if (!answerParts.has(sub) && typeIncludesString(sub) && sub.maxLength === undefined && sub.enum === undefined && sub.const === undefined) {
        problems.push(`${at(pointer)}: string without maxLength`);
      }
      if (sub.format !== undefined && !knownFormats.has(String(sub.format))) {
        problems.push(`${at(pointer)}: unknown format "${String(sub.format)}" (known: ${[...knownFormats].join(', ')})`);
      }
      if (sub['x-i18n'] !== undefined) checkKey(sub['x-i18n'], at(pointer));
      if (sub['x-enum-i18n'] !== undefined) {
        const labels = sub['x-enum-i18n'];
        if (!Array.isArray(labels) || !Array.isArray(sub.enum) || labels.length !== sub.enum.length) {
          problems.push(`${at(pointer)}: x-enum-i18n must be an array parallel to enum`);
        }
        if (Array.isArray(labels)) labels.forEach((key, i) => checkKey(key, `${at(pointer)}/x-enum-i18n/${i}`));
      }
      const messages = sub['x-messages'];
      if (messages !== undefined) {
        if (!messages || typeof messages !== 'object' || Array.isArray(messages)) {
          problems.push(`${at(pointer)}: x-messages must be an object keyword -> i18n key`);
        } else {
          for (const [keyword, value] of Object.entries(messages)) {
            const keys = value && typeof value === 'object' ? Object.values(value) : [value];
            keys.forEach((key) => checkKey(key, `${at(pointer)}/x-messages/${keyword}`));
          }
        }
      }
      if (sub['x-upload'] !== undefined) checkUpload(sub['x-upload'], at(pointer), problems);
      const properties = (sub.properties ?? {}) as Record<string, JsonSchema>;
      for (const [prop, propSchema] of Object.entries(properties)) {
        if (!answerParts.has(sub) && !pointer.includes('/if') && labelOf(propSchema) === undefined && !pointer.includes('/then') && !pointer.includes('/else')) {
          problems.push(`${at(pointer)}/properties/${prop}: no label (x-i18n here or on the referenced definition)`);
        }
        for (const keyword of SIBLING_KEYWORDS) {
          const sibling = propSchema?.[keyword];
          if (sibling !== undefined && (typeof sibling !== 'string' || !(sibling in properties))) {
            problems.push(`${at(pointer)}/properties/${prop}: ${keyword} names no sibling property (${JSON.stringify(sibling)})`);
          }
        }
      }
    });
  }
  return problems;
}
