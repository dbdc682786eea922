/**
 * A form version checked by the rules codegen applies to the files (lint.ts: draft-07, house rule
 * beside `$ref`, bounded strings, known formats, labelled fields, `required` names that are
 * properties; ui-schema-rules.ts: UI keys and order), plus what a version kept as data needs:
 * every text key it names has its text in both languages, and no protected field is dropped,
 * renamed, retyped or loosened (protected-fields.ts). Problems are `{ pointer, message }`, the
 * pointer into the form document (`/schema/properties/x/maxLength`, `/uiSchemas/unit-media/ui:order/3`,
 * `/labels/en/schema.fields.x`) and the message codegen's `what. What to do`.
 */
import type { FormDocument, FormLanguage, FormProblem } from '../form-versions-api.js';
import { formLanguages } from '../form-versions-api.js';
import { bundleSchema, DEFINITIONS_FILE, type JsonSchema } from './bundle.js';
import { lintSchemas } from './lint.js';
import { lintUiSchema } from './ui-schema-rules.js';
import { schemaLabelKeys } from './label-keys.js';
import { protectedFieldProblems } from './protected-fields.js';
import { sensitiveMarkProblems } from './sensitive-marks.js';
import { escapePointerToken } from '../json-pointer.js';

export interface FormCheckInput {
  name: string;
  document: FormDocument;
  /** schemas/definitions.json as a whole (its `definitions` are what `$ref`s name) */
  definitionsFile: JsonSchema;
  /** the repository's bundled schema of the form: the bounds of its protected fields */
  repositorySchema: JsonSchema;
  /** the bundled schemas of the versions the database stores (published or retired): their fields' x-sensitive marks stay */
  storedSchemas?: readonly JsonSchema[];
}

/** `schemas/x.json#/a/b: what. fix` -> pointer `/schema/a/b`, message `what. fix`. */
function located(line: string, prefix: string, base: string): FormProblem | undefined {
  if (!line.startsWith(prefix)) return undefined;
  const rest = line.slice(prefix.length);
  const colon = rest.indexOf(': ');
  const fragment = colon < 0 ? '' : rest.slice(0, colon);
  return { pointer: `${base}${fragment.replace(/^#/, '')}`, message: colon < 0 ? rest : rest.slice(colon + 2) };
}

export function checkFormDocument({
  name,
  document,
  definitionsFile,
  repositorySchema,
  storedSchemas = [],
}: FormCheckInput): FormProblem[] {
  const problems: FormProblem[] = [];
  const schemaFile = `schemas/${name}.json`;
  const localeKeys = Object.fromEntries(formLanguages.map((language) => [language, new Set(Object.keys(document.labels[language]))]));
  const lines = lintSchemas({
    sources: [
      { name: 'definitions', file: DEFINITIONS_FILE, schema: definitionsFile },
      { name, file: `${name}.json`, schema: document.schema },
    ],
    localeKeys,
  });
  for (const line of lines) {
    const found = located(line, `${schemaFile}#`, '/schema') ?? located(line, `${schemaFile}`, '/schema');
    // the shared definitions are the repository's: their own problems are not the form's
    if (found) problems.push(found);
    else if (!line.startsWith(`schemas/${DEFINITIONS_FILE}`)) problems.push({ pointer: '/schema', message: line });
  }
  let bundled: JsonSchema;
  try {
    bundled = bundleSchema(document.schema, (definitionsFile.definitions ?? {}) as Record<string, JsonSchema>, name);
  } catch (error) {
    problems.push({ pointer: '/schema', message: `${error instanceof Error ? error.message : String(error)}. Correct the $ref` });
    return problems;
  }
  for (const [uiName, uiSchema] of Object.entries(document.uiSchemas)) {
    const file = `ui-schemas/${uiName}.json`;
    for (const line of lintUiSchema(uiSchema, bundled, file)) {
      const found = located(line, `${file}#`, `/uiSchemas/${escapePointerToken(uiName)}`);
      if (found) problems.push(found);
    }
  }
  for (const key of schemaLabelKeys(bundled)) {
    for (const language of formLanguages as readonly FormLanguage[]) {
      const text = document.labels[language][key];
      if (typeof text !== 'string' || text.trim() === '')
        problems.push({
          pointer: `/labels/${language}/${escapePointerToken(key)}`,
          message: `the text of "${key}" is missing in ${language}. Write it: every label in both languages`,
        });
    }
  }
  for (const line of protectedFieldProblems(schemaFile, repositorySchema, bundled)) {
    const found = located(line, `${schemaFile}#`, '/schema');
    if (found) problems.push(found);
  }
  problems.push(...sensitiveMarkProblems(bundled, [repositorySchema, ...storedSchemas]));
  // one problem once: lintSchemas and the labels check may both name a missing text
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.pointer} ${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
