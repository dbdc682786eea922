import { emptyBilingual, type FieldKind, type FieldLimits, type FieldSpec, type ModelContext } from './field-spec';

/** The shared text definitions a new short or long text takes its length from (schemas/definitions.json), the first one present. */
const TEXT_DEFINITIONS: Partial<Record<FieldKind, string[]>> = { shortText: ['text100'], longText: ['text1000', 'text500', 'text300'] };

/** The limits a new field of a kind starts with: those of the repository's text definitions. */
export function defaultLimits(ctx: ModelContext, kind: FieldKind): FieldLimits {
  const definition = TEXT_DEFINITIONS[kind]?.find((name) => ctx.definitions[name]);
  const source = definition ? ctx.definitions[definition] : undefined;
  if (!source) return {};
  const limits: FieldLimits = {};
  if (typeof source.minLength === 'number') limits.minLength = source.minLength;
  if (typeof source.maxLength === 'number') limits.maxLength = source.maxLength;
  return limits;
}

/** A field the organiser is about to add: empty labels, the kind's starting limits. */
export function newField(ctx: ModelContext, name: string, kind: Exclude<FieldKind, 'other'>): FieldSpec {
  return {
    name,
    kind,
    label: emptyBilingual(),
    help: emptyBilingual(),
    required: false,
    requiredWhen: null,
    limits: defaultLimits(ctx, kind),
    pattern: null,
    options: [],
    uploadRule: null,
    protected: false,
  };
}

/** The same field given another kind: what does not fit the new kind is left behind. */
export function withKind(ctx: ModelContext, field: FieldSpec, kind: Exclude<FieldKind, 'other'>): FieldSpec {
  const fresh = newField(ctx, field.name, kind);
  const choices = kind === 'singleChoice' || kind === 'multipleChoice';
  return {
    ...fresh,
    label: field.label,
    help: field.help,
    required: field.required,
    requiredWhen: field.requiredWhen,
    options: choices ? field.options : [],
  };
}
