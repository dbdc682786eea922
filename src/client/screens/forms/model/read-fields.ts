import { LANGUAGES, type Language } from '../../../../shared/constants';
import { resolveField } from '../../../../shared/schema-field';
import {
  LIMIT_NAMES,
  isObject,
  type Bilingual,
  type FieldKind,
  type FieldLimits,
  type FieldSpec,
  type FormDraftContent,
  type ModelContext,
  type RequiredWhen,
  type Schema,
} from './field-spec';
import { isCatalogueFormat } from './pattern-catalogue';

export function propertiesOf(schema: Schema): Schema {
  return isObject(schema.properties) ? schema.properties : {};
}

/** The field with its reference followed: the definition's keywords, the field's own winning. */
export function resolvedField(ctx: ModelContext, property: Schema): Schema {
  return resolveField({ definitions: ctx.definitions }, property) ?? property;
}

/** The definition a field refers to (direct or wrapped in a one-member allOf), if any. */
export function referencedDefinition(property: Schema): string | null {
  const ref =
    typeof property.$ref === 'string'
      ? property.$ref
      : Array.isArray(property.allOf) && property.allOf.length === 1 && isObject(property.allOf[0])
        ? property.allOf[0].$ref
        : undefined;
  return typeof ref === 'string' ? ref.replace(/^.*#\/definitions\//, '') : null;
}

/** The fields in the order the form shows them: `ui:order` first, then the schema's order. */
export function fieldOrder(draft: FormDraftContent): string[] {
  const names = Object.keys(propertiesOf(draft.schema));
  const order = Array.isArray(draft.uiSchema['ui:order']) ? (draft.uiSchema['ui:order'] as string[]) : [];
  const listed = order.filter((name) => names.includes(name));
  return [...listed, ...names.filter((name) => !listed.includes(name))];
}

function textOf(ctx: ModelContext, draft: FormDraftContent, language: Language, key: unknown): string {
  if (typeof key !== 'string' || !key) return '';
  return draft.labels[language]?.[key] ?? ctx.fallbackText?.(language, key) ?? '';
}

function bilingual(ctx: ModelContext, draft: FormDraftContent, key: unknown): Bilingual {
  return Object.fromEntries(LANGUAGES.map((language) => [language, textOf(ctx, draft, language, key)])) as Bilingual;
}

function uiEntry(draft: FormDraftContent, name: string): Schema {
  const entry = draft.uiSchema[name];
  return isObject(entry) ? entry : {};
}

export function kindOf(resolved: Schema, ui: Schema, items: Schema | undefined): FieldKind {
  if (resolved['x-upload'] !== undefined) return 'file';
  if (resolved.type === 'array' && Array.isArray(items?.enum)) return 'multipleChoice';
  if (Array.isArray(resolved.enum)) return 'singleChoice';
  if (resolved.type === 'boolean') return 'yesNo';
  if (resolved.type === 'number' || resolved.type === 'integer') return 'number';
  if (resolved.type === 'string') {
    if (resolved.format === 'date') return 'date';
    if (resolved.format === 'date-time') return 'dateTime';
    return ui['ui:widget'] === 'textarea' ? 'longText' : 'shortText';
  }
  return 'other';
}

/** A root `allOf` member of the shape the editor writes for "required only when". */
export function requiredWhenOf(member: unknown): { field: string; when: RequiredWhen } | null {
  if (!isObject(member) || !isObject(member.if) || !isObject(member.then)) return null;
  if (Object.keys(member).length !== 2 || Object.keys(member.then).length !== 1) return null;
  const required = member.then.required;
  const conditions = isObject(member.if.properties) ? Object.entries(member.if.properties) : [];
  if (!Array.isArray(required) || required.length !== 1 || conditions.length !== 1) return null;
  const [source, condition] = conditions[0] ?? [];
  if (typeof source !== 'string' || !isObject(condition)) return null;
  const value = condition.const;
  if (typeof value !== 'string' && typeof value !== 'boolean') return null;
  return { field: String(required[0]), when: { field: source, value } };
}

function requiredWhenFor(draft: FormDraftContent, name: string): RequiredWhen | null {
  const members = Array.isArray(draft.schema.allOf) ? draft.schema.allOf : [];
  for (const member of members) {
    const found = requiredWhenOf(member);
    if (found && found.field === name) return found.when;
  }
  return null;
}

function limitsOf(resolved: Schema): FieldLimits {
  const limits: FieldLimits = {};
  for (const name of LIMIT_NAMES) if (typeof resolved[name] === 'number') limits[name] = resolved[name];
  return limits;
}

/** One field of the draft as the field panel shows it. */
export function readField(ctx: ModelContext, draft: FormDraftContent, name: string): FieldSpec | null {
  const property = propertiesOf(draft.schema)[name];
  if (!isObject(property)) return null;
  const resolved = resolvedField(ctx, property);
  const items = isObject(resolved.items) ? resolvedField(ctx, resolved.items) : undefined;
  const ui = uiEntry(draft, name);
  const kind = kindOf(resolved, ui, items);
  const choices = kind === 'multipleChoice' ? items : resolved;
  const values = Array.isArray(choices?.enum) ? choices.enum : [];
  const optionKeys = Array.isArray(choices?.['x-enum-i18n']) ? (choices['x-enum-i18n'] as unknown[]) : [];
  const required = Array.isArray(draft.schema.required) && draft.schema.required.includes(name);
  return {
    name,
    kind,
    label: bilingual(ctx, draft, resolved['x-i18n']),
    help: bilingual(ctx, draft, resolved['x-i18n-help']),
    required,
    requiredWhen: requiredWhenFor(draft, name),
    limits: limitsOf(resolved),
    pattern: isCatalogueFormat(resolved.format) ? resolved.format : null,
    options:
      kind === 'singleChoice' || kind === 'multipleChoice'
        ? values.map((value, index) => ({ value: String(value), label: bilingual(ctx, draft, optionKeys[index]) }))
        : [],
    uploadRule: kind === 'file' ? referencedDefinition(property) : null,
    protected: resolved['x-protected'] === true,
  };
}

/** Every top-level field of the draft, in the form's order. */
export function readFields(ctx: ModelContext, draft: FormDraftContent): FieldSpec[] {
  return fieldOrder(draft)
    .map((name) => readField(ctx, draft, name))
    .filter((field): field is FieldSpec => field !== null);
}

/** The limits the repository allows a field: those of the definition it refers to, else its own. */
export function repositoryBounds(ctx: ModelContext, property: Schema): FieldLimits {
  const definition = referencedDefinition(property);
  const target = definition ? ctx.definitions[definition] : undefined;
  return limitsOf(target ? resolvedField(ctx, target) : resolvedField(ctx, property));
}

/** The upload rules a file field may use: the definitions holding `x-upload` on a single file reference. */
export function uploadRuleNames(ctx: ModelContext): string[] {
  return Object.entries(ctx.definitions)
    .filter(([, definition]) => isObject(definition['x-upload']) && definition.type !== 'array')
    .map(([name]) => name);
}
