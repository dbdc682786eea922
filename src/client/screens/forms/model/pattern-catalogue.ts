import { isFormatName } from '../../../../shared/formats';
import { isObject, type Schema } from './field-spec';

/**
 * The rules of SPEC section 5 an organiser may put on a short text: each is a named format of
 * src/shared/formats.ts (the very function the browser, the server and codegen run), with the
 * message and the length bound of the shared definition that already uses it. No regex here.
 */
export const CATALOGUE_FORMATS = ['mobile', 'landline', 'email', 'person-name', 'external-link'] as const;
export type CatalogueFormat = (typeof CATALOGUE_FORMATS)[number];

export interface CataloguePattern {
  format: CatalogueFormat;
  /** the definition that carries it (`mobile`, `personName`...) */
  definition: string;
  /** the field-specific message keys of that definition (`{ format: 'validation.mobile' }`) */
  messages: Record<string, string>;
  /** the definition's maxLength: a field with this pattern never allows more */
  maxLength: number | undefined;
}

export function isCatalogueFormat(value: unknown): value is CatalogueFormat {
  return typeof value === 'string' && (CATALOGUE_FORMATS as readonly string[]).includes(value);
}

/** The catalogue as the draft's definitions give it, in the catalogue's order. */
export function patternCatalogue(definitions: Record<string, Schema>): CataloguePattern[] {
  const found: CataloguePattern[] = [];
  for (const format of CATALOGUE_FORMATS) {
    if (!isFormatName(format)) continue;
    const entry = Object.entries(definitions).find(([, definition]) => definition.format === format && definition.type === 'string');
    if (!entry) continue;
    const [definition, schema] = entry;
    const messages = isObject(schema['x-messages']) ? (schema['x-messages'] as Record<string, string>) : {};
    found.push({
      format,
      definition,
      messages,
      maxLength: typeof schema.maxLength === 'number' ? schema.maxLength : undefined,
    });
  }
  return found;
}
