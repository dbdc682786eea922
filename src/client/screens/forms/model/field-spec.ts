import { LANGUAGES, type Language } from '../../../../shared/constants';

/**
 * The organiser's view of one top-level field of a form draft. The draft itself stays the
 * truth (schema, UI schema, labels); a FieldSpec is read from it (read-fields.ts) and written
 * back into it (write-field.ts), so an expert's JSON edit and the field panel never disagree.
 */
export type Schema = Record<string, unknown>;

export type FieldKind =
  | 'shortText'
  | 'longText'
  | 'number'
  | 'date'
  | 'dateTime'
  | 'singleChoice'
  | 'multipleChoice'
  | 'yesNo'
  | 'file'
  /** anything else the repository's schema holds (an object, a list of records): kept as it is */
  | 'other';

/** The kinds an organiser can give a field (`other` is only read, never chosen). */
export const FIELD_KINDS: readonly Exclude<FieldKind, 'other'>[] = [
  'shortText',
  'longText',
  'number',
  'date',
  'dateTime',
  'singleChoice',
  'multipleChoice',
  'yesNo',
  'file',
];

export type Bilingual = Record<Language, string>;

export interface ChoiceOption {
  value: string;
  label: Bilingual;
}

/** "Required only when `field` holds `value`": a root `allOf` member `if {field: const value} then required`. */
export interface RequiredWhen {
  field: string;
  value: string | boolean;
}

export interface FieldLimits {
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

export const LIMIT_NAMES = ['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems'] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  label: Bilingual;
  help: Bilingual;
  required: boolean;
  requiredWhen: RequiredWhen | null;
  limits: FieldLimits;
  /** a named format of the pattern catalogue (pattern-catalogue.ts) */
  pattern: string | null;
  options: ChoiceOption[];
  /** the upload rule (a definition holding `x-upload`) of a file field */
  uploadRule: string | null;
  /** read by server or client code (`x-protected`): relabel, re-order, help and tighter limits only */
  protected: boolean;
}

/** Labels of a draft: per language, i18n key (`schema.forms.unit.diet.label`) to text. */
export type DraftLabels = Record<Language, Record<string, string>>;

export interface FormDraftContent {
  schema: Schema;
  uiSchema: Schema;
  labels: DraftLabels;
}

/** What the model needs besides the draft: the form's name and the shared definitions. */
export interface ModelContext {
  form: string;
  /** `definitions` of the bundled schema (or schemas/definitions.json): followed by `$ref`s */
  definitions: Record<string, Schema>;
  /** how references are written in this draft: `#/definitions/` (bundled) or `definitions.json#/definitions/` */
  refPrefix: string;
  /** the text of a key the draft's labels lack (the locales' shared texts) */
  fallbackText?: (language: Language, key: string) => string | undefined;
}

export const emptyBilingual = (): Bilingual => Object.fromEntries(LANGUAGES.map((language) => [language, ''])) as Bilingual;

/** The label keys of a field the organiser labels: one subtree per form and field. */
export function fieldKeys(form: string, name: string) {
  const base = `schema.forms.${form}.${name}`;
  return {
    base,
    label: `${base}.label`,
    help: `${base}.help`,
    option: (value: string) => `${base}.options.${value}`,
  };
}

/** A field name the schemas, the generated types and i18n keys all accept. */
export const FIELD_NAME = /^[a-z][A-Za-z0-9]*$/;

/** An option value that is also a valid key segment. */
export const OPTION_VALUE = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
