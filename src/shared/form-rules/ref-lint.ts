/**
 * `$ref`s, checked before bundling so a typo gets a sentence, not a stack trace:
 * - every reference resolves: `#/...` in the same file (or a shared definition, as the bundler
 *   does), `definitions.json#/definitions/...` in schemas/definitions.json; no other file;
 * - the house rule on siblings: draft-07 ignores every keyword beside `$ref`, while ajv (and so
 *   the app) would apply them. We keep one meaning for both: beside `$ref` stand only
 *   annotations (labels, help, defaults, messages) and, at a file's root, the document's own
 *   keywords. A rule that must add to the reference wraps it: `"allOf": [{ "$ref": ... }]` with
 *   the rule beside the allOf.
 */
import { locationOf, problem } from './problem.js';
import { DEFINITIONS_FILE, type JsonSchema, type SourceSchema } from './bundle.js';
import { walkSchema } from './walk-schema.js';
import { escapePointerToken, unescapePointerToken } from '../json-pointer.js';

/** Keywords without effect on validation: allowed beside `$ref`. */
export const ALLOWED_BESIDE_REF = new Set([
  '$comment',
  'title',
  'description',
  'examples',
  'default',
  'readOnly',
  'writeOnly',
  'x-i18n',
  'x-enum-i18n',
  'x-messages',
  'x-sensitive',
  'x-protected',
]);
/** A file's own keywords, allowed beside a root `$ref` (e.g. an answer schema that is one definition). */
const DOCUMENT_KEYWORDS = new Set(['$schema', '$id', 'x-version', 'x-response', 'definitions']);

function resolvePointer(document: unknown, fragment: string): unknown {
  if (fragment === '' || fragment === '/') return document;
  let current: unknown = document;
  for (const token of fragment.replace(/^\//, '').split('/')) {
    if (!current || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[unescapePointerToken(decodeURIComponent(token))];
  }
  return current;
}

function refProblem(ref: string, file: string, pointer: string, why: string, fix: string): string {
  return `unknown $ref ${JSON.stringify(ref)} at ${locationOf(file, pointer)}: ${why}. ${fix}`;
}

function checkRef(ref: string, file: string, pointer: string, own: JsonSchema, definitions: JsonSchema): string | null {
  const hash = ref.indexOf('#');
  const target = hash < 0 ? ref : ref.slice(0, hash);
  const fragment = hash < 0 ? '' : ref.slice(hash + 1);
  if (target !== '' && target !== DEFINITIONS_FILE) {
    return refProblem(
      ref,
      file,
      pointer,
      `no schema file "${target}" can be referenced`,
      `Refer to a shared part as "${DEFINITIONS_FILE}#/definitions/<name>" (add it to schemas/${DEFINITIONS_FILE}) or to this file's own "#/definitions/<name>"`,
    );
  }
  if (fragment !== '' && !fragment.startsWith('/')) {
    return refProblem(ref, file, pointer, 'the part after # must be a JSON pointer', 'Write it as "#/definitions/<name>"');
  }
  const document = target === DEFINITIONS_FILE ? definitions : own;
  if (resolvePointer(document, fragment) !== undefined) return null;
  // a local "#/definitions/x" missing in the file falls back to the shared definitions (bundleSchema)
  if (target === '' && fragment.startsWith('/definitions/') && resolvePointer(definitions, fragment) !== undefined) return null;
  const targetFile = target === DEFINITIONS_FILE ? `schemas/${DEFINITIONS_FILE}` : file;
  return refProblem(
    ref,
    file,
    pointer,
    `${targetFile} has nothing at #${fragment}`,
    `Correct the name, or add the definition to ${targetFile}`,
  );
}

export function lintRefs(file: string, schema: JsonSchema, sources: SourceSchema[]): string[] {
  const problems: string[] = [];
  const definitions = sources.find((source) => source.file === DEFINITIONS_FILE)?.schema ?? {};
  walkSchema(schema, (sub, pointer) => {
    const ref = sub.$ref;
    if (ref === undefined) return;
    if (typeof ref !== 'string') {
      problems.push(problem(file, `${pointer}/$ref`, '$ref must be a string', 'Write "definitions.json#/definitions/<name>"'));
      return;
    }
    const unresolved = checkRef(ref, file, `${pointer}`, schema, definitions);
    if (unresolved) problems.push(unresolved);
    const siblings = Object.keys(sub).filter(
      (key) => key !== '$ref' && !ALLOWED_BESIDE_REF.has(key) && !(pointer === '#' && DOCUMENT_KEYWORDS.has(key)),
    );
    if (siblings.length > 0) {
      const keywords = siblings.map((key) => `"${key}"`).join(', ');
      problems.push(
        problem(
          file,
          pointer,
          `${keywords} beside $ref: draft-07 ignores keywords beside $ref, so the house rule allows only annotations there (${[...ALLOWED_BESIDE_REF].join(', ')})`,
          `Wrap the reference: {"allOf": [{"$ref": ${JSON.stringify(ref)}}], ${siblings.map((key) => `"${escapePointerToken(key)}": ...`).join(', ')}}`,
        ),
      );
    }
  });
  return problems;
}
