/**
 * House rules of the schemas, checked before anything is generated (codegen fails listing every
 * problem): draft-07 meta-schema valid, `$id` = prefix + file name and unique, `x-version` an
 * integer, every string bounded by `maxLength` (only enum/const strings are exempt: their values
 * bound them), every `format` known to src/shared/schema-formats.ts, every i18n key
 * (x-i18n, x-enum-i18n, x-messages) present in BOTH locales, every schema and every property
 * labelled (x-i18n on it or on the definition it refers to), x-enum-i18n parallel to enum,
 * x-upload made of known rules, x-same-as/x-differs-from naming an existing sibling, every
 * `required` name a property of its object (required-lint.ts).
 * Answer schemas (`x-response: true`, the response-*.json files and the response* definitions)
 * describe what the server writes, never what a user types: they need no maxLength, no labels
 * and no title key (nothing is validated or rendered from them); everything else still applies.
 */
import Ajv from 'ajv';
import { schemaFormatNames } from '../schema-formats.js';
import { addSchemaKeywords } from '../schema-keywords.js';
import { SCHEMA_ID_PREFIX, type JsonSchema, type SourceSchema } from './bundle.js';
import { walkSchema } from './walk-schema.js';
import { problem } from './problem.js';
import { lintPatterns } from './pattern-lint.js';
import { lintRefs } from './ref-lint.js';
import { lintRequired } from './required-lint.js';
import { isSensitiveKind } from '../sensitive-fields.js';

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

function checkUpload(upload: unknown, where: (what: string, fix: string) => string, problems: string[]): void {
  if (!upload || typeof upload !== 'object' || Array.isArray(upload)) {
    problems.push(
      where(
        'x-upload must be an object',
        `Write it as {"maxBytes": 1048576, "accept": ["image/jpeg"], ...} (rules: ${Object.keys(UPLOAD_RULES).join(', ')})`,
      ),
    );
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
    if (!kind)
      problems.push(where(`x-upload has unknown rule "${rule}"`, `Remove it or use one of: ${Object.keys(UPLOAD_RULES).join(', ')}`));
    else if (!ok) problems.push(where(`x-upload.${rule} must be ${kind}`, `Write a ${kind} value for ${rule}`));
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
    // a reference, or a reference wrapped in allOf (the house rule for adding rules to it)
    const wrapped = Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]).find((part) => typeof part?.$ref === 'string') : undefined;
    const ref = typeof schema.$ref === 'string' ? schema.$ref : typeof wrapped?.$ref === 'string' ? wrapped.$ref : undefined;
    return ref ? shared[ref.replace(/^(definitions\.json)?#\/definitions\//, '')]?.['x-i18n'] : undefined;
  };

  const checkKey = (key: unknown, file: string, pointer: string): void => {
    if (typeof key !== 'string' || !key.includes('.')) {
      problems.push(
        problem(
          file,
          pointer,
          `i18n key ${JSON.stringify(key)} must be a string "namespace.key"`,
          'Write the key of a text in locales/<language>/<namespace>.json, e.g. "schema.fields.mobile"',
        ),
      );
      return;
    }
    const [namespace, ...rest] = key.split('.');
    for (const language of languages) {
      if (!localeKeys[language]?.has(key)) {
        problems.push(
          problem(
            file,
            pointer,
            `i18n key "${key}" missing in locales/${language}`,
            `Add "${rest.join('.')}" to locales/${language}/${namespace}.json (every key in both languages)`,
          ),
        );
      }
    }
  };

  for (const { file: fileName, name, schema } of sources) {
    const file = `schemas/${fileName}`;
    const answerParts = responseParts(schema);
    const at =
      (pointer: string) =>
      (what: string, fix: string): string =>
        problem(file, pointer, what, fix);
    if (!ajv.validateSchema(schema)) {
      for (const error of ajv.errors ?? []) {
        problems.push(
          problem(
            file,
            `#${error.instancePath}`,
            `not valid draft-07: ${error.message ?? 'invalid'}${error.params && 'allowedValues' in error.params ? ` (${JSON.stringify(error.params.allowedValues)})` : ''}`,
            'Correct the keyword as the JSON Schema draft-07 specification defines it',
          ),
        );
      }
    }
    if (schema.$schema !== 'http://json-schema.org/draft-07/schema#') {
      problems.push(
        at('#/$schema')('$schema must be "http://json-schema.org/draft-07/schema#"', 'Set it to that value: every schema is draft-07'),
      );
    }
    const expectedId = `${SCHEMA_ID_PREFIX}${name}.json`;
    const id = schema.$id;
    if (id !== expectedId)
      problems.push(at('#/$id')(`$id must be "${expectedId}" (found ${JSON.stringify(id)})`, 'Set $id to the prefix plus the file name'));
    if (typeof id === 'string') {
      const other = ids.get(id);
      if (other)
        problems.push(at('#/$id')(`$id "${id}" is also used by schemas/${other}`, 'Give each file its own $id (prefix plus file name)'));
      ids.set(id, fileName);
    }
    if (name !== 'definitions' && !answerParts.has(schema) && typeof schema['x-i18n'] !== 'string')
      problems.push(at('#')('x-i18n (title key) is missing', 'Add "x-i18n": "schema.titles.<name>" and its text in both locales'));
    if (!Number.isInteger(schema['x-version']) || (schema['x-version'] as number) < 1) {
      problems.push(at('#/x-version')('x-version must be an integer >= 1', 'Write the published version number, e.g. "x-version": 1'));
    }
    problems.push(...lintPatterns(file, schema), ...lintRefs(file, schema, sources), ...lintRequired(file, schema, sources));

    walkSchema(schema, (sub, pointer) => {
      const here = at(pointer);
      if (pointer !== '#' && typeof sub.$id === 'string')
        problems.push(here('nested $id is not allowed', 'Remove it; share a part through schemas/definitions.json and $ref instead'));
      if (
        !answerParts.has(sub) &&
        typeIncludesString(sub) &&
        sub.maxLength === undefined &&
        sub.enum === undefined &&
        sub.const === undefined
      ) {
        problems.push(here('string without maxLength', 'Add "maxLength" (every text a user types is bounded), or an enum/const'));
      }
      if (sub.format !== undefined && !knownFormats.has(String(sub.format))) {
        problems.push(
          here(
            `unknown format "${String(sub.format)}"`,
            `Use one of: ${[...knownFormats].join(', ')} (known: src/shared/schema-formats.ts), or a pattern`,
          ),
        );
      }
      if (sub['x-i18n'] !== undefined) checkKey(sub['x-i18n'], file, `${pointer}/x-i18n`);
      if (sub['x-enum-i18n'] !== undefined) {
        const labels = sub['x-enum-i18n'];
        if (!Array.isArray(labels) || !Array.isArray(sub.enum) || labels.length !== sub.enum.length) {
          problems.push(here('x-enum-i18n must be an array parallel to enum', 'Give one i18n key per enum value, in the same order'));
        }
        if (Array.isArray(labels)) labels.forEach((key, i) => checkKey(key, file, `${pointer}/x-enum-i18n/${i}`));
      }
      const messages = sub['x-messages'];
      if (messages !== undefined) {
        if (!messages || typeof messages !== 'object' || Array.isArray(messages)) {
          problems.push(here('x-messages must be an object keyword -> i18n key', 'Write it as {"pattern": "validation.mobile"}'));
        } else {
          for (const [keyword, value] of Object.entries(messages)) {
            const keys = value && typeof value === 'object' ? Object.values(value) : [value];
            keys.forEach((key) => checkKey(key, file, `${pointer}/x-messages/${keyword}`));
          }
        }
      }
      if (sub['x-upload'] !== undefined) checkUpload(sub['x-upload'], at(`${pointer}/x-upload`), problems);
      if (sub['x-sensitive'] !== undefined && !isSensitiveKind(sub['x-sensitive'])) {
        problems.push(
          at(`${pointer}/x-sensitive`)(
            'x-sensitive must be "idNumber" or "mobile"',
            'Write the kind of personal data the field holds: "idNumber" (ID/passport numbers) or "mobile"',
          ),
        );
      }
      if (sub['x-protected'] !== undefined && sub['x-protected'] !== true)
        problems.push(
          at(`${pointer}/x-protected`)(
            'x-protected must be true',
            'Write "x-protected": true on a field the code reads (the console editor keeps it), or remove the keyword',
          ),
        );
      const consent = sub['x-consent'] as { covers?: unknown; version?: unknown } | undefined;
      if (
        consent !== undefined &&
        (typeof consent !== 'object' ||
          consent === null ||
          !isSensitiveKind(consent.covers) ||
          !Number.isInteger(consent.version) ||
          (consent.version as number) < 1)
      ) {
        problems.push(
          at(`${pointer}/x-consent`)(
            'x-consent must be {"covers": "idNumber" | "mobile", "version": <integer from 1>}',
            'Name the kind of personal data the consent covers and the version of its text (raise it when the text changes)',
          ),
        );
      }
      const properties = (sub.properties ?? {}) as Record<string, JsonSchema>;
      for (const [prop, propSchema] of Object.entries(properties)) {
        const property = at(`${pointer}/properties/${prop}`);
        if (
          !answerParts.has(sub) &&
          !pointer.includes('/if') &&
          labelOf(propSchema) === undefined &&
          !pointer.includes('/then') &&
          !pointer.includes('/else')
        ) {
          problems.push(
            property(
              'no label',
              'Add "x-i18n": "schema.fields.<name>" here or on the definition it refers to, with its text in both locales',
            ),
          );
        }
        for (const keyword of SIBLING_KEYWORDS) {
          const sibling = propSchema?.[keyword];
          if (sibling !== undefined && (typeof sibling !== 'string' || !(sibling in properties))) {
            problems.push(
              property(
                `${keyword} names no sibling property (${JSON.stringify(sibling)})`,
                `Name a property of the same object: ${Object.keys(properties).join(', ')}`,
              ),
            );
          }
        }
      }
    });
  }
  return problems;
}
