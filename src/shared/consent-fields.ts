/**
 * Consents a schema asks for (`"x-consent": {"covers": "idNumber", "version": 1}` on a boolean
 * property, schemas/README.md): a separate agreement to the processing of one kind of sensitive
 * personal data (PIPL art. 29). The property's label is the consent text; `version` names that
 * text, so the server records which text was agreed to. Read from bundled schemas, so an
 * organiser's new text version needs no code.
 */
import { isSensitiveKind, type SensitiveKind } from './sensitive-fields.js';
import { isPlainObject } from './plain-object.js';

export interface ConsentField {
  /** the top-level property holding the tick */
  field: string;
  covers: SensitiveKind;
  version: number;
}

type Node = Record<string, unknown>;

/** The consent properties at the top level of a bundled schema (a `$ref` to its definitions is followed). */
export function consentFieldsOfSchema(schema: Node): ConsentField[] {
  const definitions = isPlainObject(schema.definitions) ? schema.definitions : {};
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const found: ConsentField[] = [];
  for (const [field, raw] of Object.entries(properties)) {
    if (!isPlainObject(raw)) continue;
    const ref =
      typeof raw.$ref === 'string' && raw.$ref.startsWith('#/definitions/')
        ? definitions[raw.$ref.slice('#/definitions/'.length)]
        : undefined;
    const mark = (raw['x-consent'] ?? (isPlainObject(ref) ? ref['x-consent'] : undefined)) as Node | undefined;
    if (isPlainObject(mark) && isSensitiveKind(mark.covers) && Number.isInteger(mark.version)) {
      found.push({ field, covers: mark.covers, version: mark.version as number });
    }
  }
  return found;
}
