/**
 * Consents a schema asks for (`"x-consent": {"covers": "idNumber", "version": 1}` on a boolean
 * property, schemas/README.md): a separate agreement to the processing of one kind of sensitive
 * personal data (PIPL art. 29). The property's label is the consent text; `version` names that
 * text, so the server records which text was agreed to. Read from bundled schemas, so an
 * organiser's new text version needs no code.
 */
import { isSensitiveKind, type SensitiveKind } from './sensitive-fields.js';

export interface ConsentField {
  /** the top-level property holding the tick */
  field: string;
  covers: SensitiveKind;
  version: number;
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The consent properties at the top level of a bundled schema (a `$ref` to its definitions is followed). */
export function consentFieldsOfSchema(schema: Node): ConsentField[] {
  const definitions = isNode(schema.definitions) ? schema.definitions : {};
  const properties = isNode(schema.properties) ? schema.properties : {};
  const found: ConsentField[] = [];
  for (const [field, raw] of Object.entries(properties)) {
    if (!isNode(raw)) continue;
    const ref =
      typeof raw.$ref === 'string' && raw.$ref.startsWith('#/definitions/')
        ? definitions[raw.$ref.slice('#/definitions/'.length)]
        : undefined;
    const mark = (raw['x-consent'] ?? (isNode(ref) ? ref['x-consent'] : undefined)) as Node | undefined;
    if (isNode(mark) && isSensitiveKind(mark.covers) && Number.isInteger(mark.version)) {
      found.push({ field, covers: mark.covers, version: mark.version as number });
    }
  }
  return found;
}
