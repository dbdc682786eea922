import { LANGUAGES } from '../../../../shared/constants';
import {
  FIELD_NAME,
  LIMIT_NAMES,
  OPTION_VALUE,
  fieldKeys,
  isObject,
  type Bilingual,
  type FieldSpec,
  type FormDraftContent,
  type ModelContext,
  type Schema,
} from './field-spec';
import { defaultLimits } from './new-field';
import { patternCatalogue } from './pattern-catalogue';
import { fieldOrder, propertiesOf, readField, repositoryBounds, requiredWhenOf, uploadRuleNames } from './read-fields';
import { dropRefusals, protectedRefusals, type Refusal } from './protected-rules';

export type EditResult = { ok: true; draft: FormDraftContent } | { ok: false; refusals: Refusal[] };

/** Keywords that may stand beside a `$ref` (annotations); any other wraps the reference in `allOf`. */
const BESIDE_REF = new Set([
  '$comment',
  'title',
  'description',
  'default',
  'x-i18n',
  'x-enum-i18n',
  'x-messages',
  'x-sensitive',
  'x-protected',
]);

/** The UI schema keys that follow from a field's kind: rewritten with it, every other key kept. */
const KIND_UI_OPTIONS = ['rows', 'rule', 'inline'];

const clone = <T>(value: T): T => structuredClone(value);

/** Sets an own keyword of a field, wrapping a bare reference first when the keyword is a rule. */
function setOwn(property: Schema, key: string, value: unknown): Schema {
  let next = property;
  if (typeof property.$ref === 'string' && !BESIDE_REF.has(key)) {
    const { $ref, ...rest } = property;
    next = { allOf: [{ $ref }], ...rest };
  }
  if (value === undefined) {
    const { [key]: _dropped, ...rest } = next;
    return rest;
  }
  return { ...next, [key]: value };
}

function filled(text: Bilingual): boolean {
  return LANGUAGES.every((language) => text[language].trim() !== '');
}

function anyText(text: Bilingual): boolean {
  return LANGUAGES.some((language) => text[language].trim() !== '');
}

/** Removes every label of a field's own subtree (its label, help and options). */
function withoutOwnLabels(draft: FormDraftContent, form: string, name: string): FormDraftContent['labels'] {
  const prefix = `${fieldKeys(form, name).base}.`;
  const labels = clone(draft.labels);
  for (const language of LANGUAGES) {
    for (const key of Object.keys(labels[language] ?? {})) if (key.startsWith(prefix)) delete labels[language][key];
  }
  return labels;
}

function writeText(labels: FormDraftContent['labels'], key: string, text: Bilingual): void {
  for (const language of LANGUAGES) {
    labels[language] = { ...(labels[language] ?? {}), [key]: text[language].trim() };
  }
}

/** Checks of a field as the organiser describes it, protected or not. */
function specRefusals(ctx: ModelContext, field: FieldSpec): Refusal[] {
  const refusals: Refusal[] = [];
  const name = field.name;
  if (!filled(field.label)) refusals.push({ field: name, reason: 'labelMissing' });
  if (field.kind === 'singleChoice' || field.kind === 'multipleChoice') {
    if (field.options.length < 2) refusals.push({ field: name, reason: 'optionsNeeded' });
    const values = field.options.map((option) => option.value);
    if (values.some((value) => !OPTION_VALUE.test(value))) refusals.push({ field: name, reason: 'optionInvalid' });
    if (new Set(values).size !== values.length) refusals.push({ field: name, reason: 'optionDuplicate' });
    if (field.options.some((option) => !filled(option.label))) refusals.push({ field: name, reason: 'optionLabelMissing' });
  }
  const { limits } = field;
  for (const [low, high] of [
    ['minLength', 'maxLength'],
    ['minimum', 'maximum'],
    ['minItems', 'maxItems'],
  ] as const) {
    const [a, b] = [limits[low], limits[high]];
    if (a !== undefined && b !== undefined && a > b) refusals.push({ field: name, reason: 'limitOrder', limit: high });
  }
  const pattern = patternCatalogue(ctx.definitions).find((entry) => entry.format === field.pattern);
  if (pattern?.maxLength !== undefined && (limits.maxLength ?? Infinity) > pattern.maxLength) {
    refusals.push({ field: name, reason: 'patternLength', limit: 'maxLength' });
  }
  if (field.kind === 'file' && !(field.uploadRule && uploadRuleNames(ctx).includes(field.uploadRule))) {
    refusals.push({ field: name, reason: 'uploadRuleMissing' });
  }
  return refusals;
}

/**
 * A mobile is personal data: a field given the catalogue's mobile pattern is marked
 * `x-sensitive: "mobile"`, so the server seals it at rest and masks it in every default view (it
 * is shown in full only by the audited "show"). The mark follows the pattern when the field is
 * added; an existing field keeps its mark as it is (a field that held clear values is never
 * marked, a marked one never loses it: the server's check refuses both, sensitive-marks.ts).
 */
function sensitiveMark(field: FieldSpec, before: Schema | null): Schema {
  const mark = before ? before['x-sensitive'] : field.pattern === 'mobile' ? 'mobile' : undefined;
  return mark === undefined ? {} : { 'x-sensitive': mark };
}

/** An existing field's pattern may not move to or from the mobile rule: its mark would change. */
function sensitiveRefusals(field: FieldSpec, before: FieldSpec | null): Refusal[] {
  if (!before || before.protected) return [];
  return (before.pattern === 'mobile') !== (field.pattern === 'mobile') ? [{ field: field.name, reason: 'sensitivePatternChange' }] : [];
}

/** The schema of an organiser's field, built whole from its description. */
function ownProperty(ctx: ModelContext, field: FieldSpec, before: Schema | null): Schema {
  const keys = fieldKeys(ctx.form, field.name);
  const annotations: Schema = { 'x-i18n': keys.label };
  if (anyText(field.help)) annotations['x-i18n-help'] = keys.help;
  const limits = (names: readonly string[]) =>
    Object.fromEntries(
      names.flatMap((name) =>
        field.limits[name as keyof typeof field.limits] === undefined ? [] : [[name, field.limits[name as keyof typeof field.limits]]],
      ),
    );
  const ref = (definition: string): Schema => ({ $ref: `${ctx.refPrefix}${definition}` });
  switch (field.kind) {
    case 'shortText':
    case 'longText': {
      const pattern = patternCatalogue(ctx.definitions).find((entry) => entry.format === field.pattern);
      // the house rule: every free text has a maxLength
      const longest = field.limits.maxLength ?? pattern?.maxLength ?? defaultLimits(ctx, field.kind).maxLength;
      return {
        type: 'string',
        ...limits(['minLength']),
        ...(longest === undefined ? {} : { maxLength: longest }),
        ...(pattern ? { format: pattern.format, 'x-messages': pattern.messages } : {}),
        ...sensitiveMark(field, before),
        ...annotations,
      };
    }
    case 'number':
      return { type: 'number', ...limits(['minimum', 'maximum']), ...annotations };
    case 'date':
      return { ...ref('calendarDate'), ...annotations };
    case 'dateTime':
      return { ...ref('dateTime'), ...annotations };
    case 'yesNo':
      return { type: 'boolean', ...annotations };
    case 'singleChoice':
      return {
        type: 'string',
        enum: field.options.map((option) => option.value),
        'x-enum-i18n': field.options.map((option) => keys.option(option.value)),
        ...annotations,
      };
    case 'multipleChoice':
      return {
        type: 'array',
        uniqueItems: true,
        ...limits(['minItems', 'maxItems']),
        items: {
          type: 'string',
          enum: field.options.map((option) => option.value),
          'x-enum-i18n': field.options.map((option) => keys.option(option.value)),
        },
        ...annotations,
      };
    case 'file':
      return { $ref: `${ctx.refPrefix}${field.uploadRule ?? ''}`, ...annotations };
    default:
      return annotations;
  }
}

function kindUi(field: FieldSpec): Schema {
  switch (field.kind) {
    case 'longText':
      return { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } };
    case 'singleChoice':
      return { 'ui:widget': 'radio' };
    case 'multipleChoice':
      return { 'ui:widget': 'checkboxes' };
    case 'yesNo':
      return { 'ui:widget': 'radio', 'ui:options': { inline: true } };
    case 'date':
      return { 'ui:widget': 'date' };
    case 'dateTime':
      return { 'ui:widget': 'datetime' };
    case 'file':
      return { 'ui:widget': 'upload', 'ui:options': { rule: field.uploadRule } };
    default:
      return {};
  }
}

/** The UI entry of a field whose kind the organiser sets: the kind's widget, the other keys kept. */
function ownUiEntry(previous: unknown, field: FieldSpec): Schema | undefined {
  const kept: Schema = isObject(previous) ? clone(previous) : {};
  delete kept['ui:widget'];
  const options = isObject(kept['ui:options']) ? kept['ui:options'] : {};
  for (const key of KIND_UI_OPTIONS) delete options[key];
  const fresh = kindUi(field);
  const mergedOptions = { ...options, ...(isObject(fresh['ui:options']) ? fresh['ui:options'] : {}) };
  const entry: Schema = { ...kept, ...fresh };
  if (Object.keys(mergedOptions).length > 0) entry['ui:options'] = mergedOptions;
  else delete entry['ui:options'];
  return Object.keys(entry).length > 0 ? entry : undefined;
}

/** The protected field with only what its rules allow applied: labels, help and own limits. */
function protectedProperty(ctx: ModelContext, property: Schema, before: FieldSpec, field: FieldSpec): Schema {
  const keys = fieldKeys(ctx.form, field.name);
  let next = clone(property);
  if (LANGUAGES.some((language) => field.label[language] !== before.label[language])) next = setOwn(next, 'x-i18n', keys.label);
  if (LANGUAGES.some((language) => field.help[language] !== before.help[language])) {
    next = setOwn(next, 'x-i18n-help', anyText(field.help) ? keys.help : undefined);
  }
  for (const limit of LIMIT_NAMES) {
    if (field.limits[limit] !== before.limits[limit]) next = setOwn(next, limit, field.limits[limit]);
  }
  return next;
}

function withRequired(schema: Schema, name: string, required: boolean): Schema {
  const list = (Array.isArray(schema.required) ? (schema.required as string[]) : []).filter((entry) => entry !== name);
  if (required) list.push(name);
  const { required: _old, ...rest } = schema;
  return list.length > 0 ? { ...rest, required: list } : rest;
}

function withRequiredWhen(schema: Schema, field: FieldSpec): Schema {
  const members = (Array.isArray(schema.allOf) ? schema.allOf : []).filter((member) => requiredWhenOf(member)?.field !== field.name);
  if (field.requiredWhen) {
    const { field: source, value } = field.requiredWhen;
    members.push({ if: { properties: { [source]: { const: value } }, required: [source] }, then: { required: [field.name] } });
  }
  const { allOf: _old, ...rest } = schema;
  return members.length > 0 ? { ...rest, allOf: members } : rest;
}

function requiredWhenRefusals(draft: FormDraftContent, ctx: ModelContext, field: FieldSpec): Refusal[] {
  if (!field.requiredWhen) return [];
  const source = readField(ctx, draft, field.requiredWhen.field);
  const fits =
    source !== null &&
    source.name !== field.name &&
    ((source.kind === 'singleChoice' && source.options.some((option) => option.value === field.requiredWhen?.value)) ||
      (source.kind === 'yesNo' && typeof field.requiredWhen.value === 'boolean'));
  return fits ? [] : [{ field: field.name, reason: 'requiredWhenSource' }];
}

/**
 * The draft with one field written as described. `field.name` names an existing field (an
 * edit) or a new one (`adding`). A protected field takes only what its rules allow; any other
 * change to it is refused with the reasons, and so is a description that cannot be saved.
 */
export function writeField(ctx: ModelContext, draft: FormDraftContent, field: FieldSpec, adding = false): EditResult {
  const properties = propertiesOf(draft.schema);
  const exists = isObject(properties[field.name]);
  if (adding && !FIELD_NAME.test(field.name)) return { ok: false, refusals: [{ field: field.name, reason: 'nameInvalid' }] };
  if (adding && exists) return { ok: false, refusals: [{ field: field.name, reason: 'nameTaken' }] };
  if (!adding && !exists) return { ok: false, refusals: [{ field: field.name, reason: 'unknownField' }] };
  const before = adding ? null : readField(ctx, draft, field.name);
  const property = properties[field.name] as Schema;
  const refusals = [
    ...(before ? protectedRefusals(before, field, repositoryBounds(ctx, property)) : []),
    ...(before?.protected ? [] : specRefusals(ctx, field)),
    ...requiredWhenRefusals(draft, ctx, field),
    ...sensitiveRefusals(field, before),
  ];
  if (refusals.length > 0) return { ok: false, refusals };

  const keys = fieldKeys(ctx.form, field.name);
  const isProtected = before?.protected === true;
  const labels = isProtected ? clone(draft.labels) : withoutOwnLabels(draft, ctx.form, field.name);
  const nextProperty =
    isProtected && before ? protectedProperty(ctx, property, before, field) : ownProperty(ctx, field, adding ? null : property);
  if (!isProtected || nextProperty['x-i18n'] === keys.label) writeText(labels, keys.label, field.label);
  if (anyText(field.help)) writeText(labels, keys.help, field.help);
  if (!isProtected) for (const option of field.options) writeText(labels, keys.option(option.value), option.label);

  let schema: Schema = { ...draft.schema, properties: { ...properties, [field.name]: nextProperty } };
  schema = withRequiredWhen(withRequired(schema, field.name, field.required), field);
  const uiSchema = clone(draft.uiSchema);
  if (!isProtected) {
    const entry = ownUiEntry(uiSchema[field.name], field);
    if (entry) uiSchema[field.name] = entry;
    else delete uiSchema[field.name];
  }
  if (adding) uiSchema['ui:order'] = withStar([...fieldOrder(draft), field.name]);
  return { ok: true, draft: { schema, uiSchema, labels } };
}

function withStar(names: string[]): string[] {
  return [...names.filter((name) => name !== '*'), '*'];
}

/** The draft without an organiser's field: its schema, UI entry, labels and conditions on it. */
export function dropField(ctx: ModelContext, draft: FormDraftContent, name: string): EditResult {
  const field = readField(ctx, draft, name);
  if (!field) return { ok: false, refusals: [{ field: name, reason: 'unknownField' }] };
  const refusals = dropRefusals(field);
  if (refusals.length > 0) return { ok: false, refusals };
  const { [name]: _dropped, ...properties } = propertiesOf(draft.schema);
  let schema: Schema = withRequired({ ...draft.schema, properties }, name, false);
  const members = (Array.isArray(schema.allOf) ? schema.allOf : []).filter((member) => {
    const found = requiredWhenOf(member);
    return !found || (found.field !== name && found.when.field !== name);
  });
  const { allOf: _old, ...rest } = schema;
  schema = members.length > 0 ? { ...rest, allOf: members } : rest;
  const uiSchema = clone(draft.uiSchema);
  delete uiSchema[name];
  uiSchema['ui:order'] = withStar(fieldOrder(draft).filter((entry) => entry !== name));
  return { ok: true, draft: { schema, uiSchema, labels: withoutOwnLabels(draft, ctx.form, name) } };
}

/** The draft with a field moved to `index` of the form's order (every field may move). */
export function moveField(draft: FormDraftContent, name: string, index: number): FormDraftContent {
  const order = fieldOrder(draft).filter((entry) => entry !== name);
  if (order.length === fieldOrder(draft).length) return draft;
  const at = Math.max(0, Math.min(order.length, index));
  order.splice(at, 0, name);
  return { ...draft, uiSchema: { ...draft.uiSchema, 'ui:order': withStar(order) } };
}

/** An organiser's field under a new name: its description, place and conditions follow it. */
export function renameField(ctx: ModelContext, draft: FormDraftContent, from: string, to: string): EditResult {
  const field = readField(ctx, draft, from);
  if (!field) return { ok: false, refusals: [{ field: from, reason: 'unknownField' }] };
  if (field.protected) return { ok: false, refusals: [{ field: from, reason: 'protectedRename' }] };
  if (!FIELD_NAME.test(to)) return { ok: false, refusals: [{ field: to, reason: 'nameInvalid' }] };
  if (isObject(propertiesOf(draft.schema)[to])) return { ok: false, refusals: [{ field: to, reason: 'nameTaken' }] };
  const place = fieldOrder(draft).indexOf(from);
  const dependants = readFieldsNaming(ctx, draft, from);
  const dropped = dropField(ctx, draft, from);
  if (!dropped.ok) return dropped;
  const added = writeField(ctx, dropped.draft, { ...field, name: to }, true);
  if (!added.ok) return added;
  let next = moveField(added.draft, to, place);
  for (const dependant of dependants) {
    const rewritten = writeField(ctx, next, {
      ...dependant,
      requiredWhen: dependant.requiredWhen && { ...dependant.requiredWhen, field: to },
    });
    if (!rewritten.ok) return rewritten;
    next = rewritten.draft;
  }
  return { ok: true, draft: next };
}

function readFieldsNaming(ctx: ModelContext, draft: FormDraftContent, name: string): FieldSpec[] {
  return fieldOrder(draft)
    .map((entry) => readField(ctx, draft, entry))
    .filter((field): field is FieldSpec => field?.requiredWhen?.field === name);
}

/** The draft with a field placed right after `after` (first when null): how a move is replayed on a form's other UI schemas. */
export function moveAfter(draft: FormDraftContent, name: string, after: string | null): FormDraftContent {
  const order = fieldOrder(draft).filter((entry) => entry !== name);
  if (order.length === fieldOrder(draft).length) return draft;
  const index = after === null ? 0 : order.indexOf(after) + 1;
  return moveField(draft, name, index < 0 ? order.length : index);
}
