/**
 * The console form editor's model: a draft {schema, uiSchema, labels} read as a field list and
 * written back by the field panel's edits, with protected fields refused anything but labels,
 * help, place and tighter limits. The drafts are the repository's own bundled schemas; every
 * written schema is compiled with ajv and the shared formats to prove it still validates.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { schemaFormats } from '../../src/shared/schema-formats';
import type { FieldSpec, FormDraftContent, ModelContext, Schema } from '../../src/client/screens/forms/model/field-spec';
import { newField } from '../../src/client/screens/forms/model/new-field';
import { patternCatalogue } from '../../src/client/screens/forms/model/pattern-catalogue';
import { fieldOrder, readField, readFields } from '../../src/client/screens/forms/model/read-fields';
import { bundledSchema } from '../../src/client/screens/forms/model/bundle';
import { versionDifference } from '../../src/client/screens/forms/model/version-difference';
import { dropField, moveField, renameField, writeField, type EditResult } from '../../src/client/screens/forms/model/write-field';

const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Schema;

const allDefinitions = readJson('schemas/definitions.json').definitions as Record<string, Schema>;
const zhSchema = readJson('locales/zh-CN/schema.json');
const enSchema = readJson('locales/en/schema.json');

function localeText(bundle: Schema, key: string): string | undefined {
  let node: unknown = bundle;
  for (const part of key.replace(/^schema\./, '').split('.')) node = (node as Schema | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

/** A repository form as the server hands a draft: bundled schema, UI schema, labels; `x-protected` on some fields. */
function unitDraft(protectedFields: string[] = ['contactMobile', 'orgNameZh', 'unitType']): FormDraftContent {
  const schema = readJson('src/generated/schemas/unit.json');
  const properties = schema.properties as Record<string, Schema>;
  for (const name of protectedFields) properties[name] = { ...properties[name], 'x-protected': true };
  return { schema, uiSchema: readJson('ui-schemas/unit-enterprise.json'), labels: { 'zh-CN': {}, en: {} } };
}

function contextOf(draft: FormDraftContent): ModelContext {
  return {
    form: 'unit',
    definitions: { ...allDefinitions, ...(draft.schema.definitions as Record<string, Schema>) },
    refPrefix: '#/definitions/',
    fallbackText: (language, key) => localeText(language === 'en' ? enSchema : zhSchema, key),
  };
}

function applied(result: EditResult): FormDraftContent {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.refusals)}`);
  return result.draft;
}

/** The draft's schema with the definitions a new field refers to, compiled as codegen would. */
function compile(draft: FormDraftContent) {
  const ajv = new Ajv({ allErrors: true, strict: false });
  for (const [name, format] of Object.entries(schemaFormats)) ajv.addFormat(name, format);
  const { $id: _id, ...schema } = draft.schema;
  return ajv.compile({ ...schema, definitions: { ...allDefinitions, ...(schema.definitions as Schema) } });
}

const validUnit = {
  unitType: 'government',
  orgNameZh: '山东省商务厅',
  contactName: '张三',
  contactGender: 'male',
  contactMobile: '13800138000',
  contactEmail: 'a@example.com',
  nationality: 'CN',
  governmentAddress: '济南',
};

function dietField(ctx: ModelContext): FieldSpec {
  return {
    ...newField(ctx, 'diet', 'singleChoice'),
    label: { 'zh-CN': '饮食', en: 'Diet' },
    required: true,
    options: [
      { value: 'none', label: { 'zh-CN': '无', en: 'None' } },
      { value: 'vegetarian', label: { 'zh-CN': '素食', en: 'Vegetarian' } },
      { value: 'halal', label: { 'zh-CN': '清真', en: 'Halal' } },
      { value: 'other', label: { 'zh-CN': '其他', en: 'Other' } },
    ],
  };
}

describe('reading a draft as a field list', () => {
  it('gives each field its kind, labels in both languages, limits, pattern and protection, in the form order', () => {
    const draft = unitDraft();
    const fields = readFields(contextOf(draft), draft);
    const byName = new Map(fields.map((field) => [field.name, field]));
    expect(fields[0]?.name).toBe('unitType');
    expect(byName.get('unitType')).toMatchObject({ kind: 'singleChoice', protected: true });
    expect(byName.get('orgProfile')).toMatchObject({ kind: 'longText', limits: { maxLength: 1000 } });
    expect(byName.get('projectInvestmentAmount')?.kind).toBe('number');
    expect(byName.get('hasShandongInvestment')?.kind).toBe('yesNo');
    expect(byName.get('website')).toMatchObject({ kind: 'shortText', pattern: 'external-link', protected: false });
    expect(byName.get('contactMobile')).toMatchObject({ pattern: 'mobile', required: true, protected: true });
    expect(byName.get('contactMobile')?.label.en).toBe(localeText(enSchema, 'schema.fields.contactMobile'));
    expect(byName.get('investmentSituation')?.requiredWhen).toEqual({ field: 'hasShandongInvestment', value: true });
  });

  it('offers the SPEC rules of the catalogue from the shared definitions, no regex of its own', () => {
    expect(patternCatalogue(allDefinitions).map((entry) => [entry.format, entry.messages.format])).toEqual([
      ['mobile', 'validation.mobile'],
      ['landline', 'validation.landline'],
      ['email', 'validation.email'],
      ['person-name', 'validation.personName'],
      ['external-link', 'validation.externalLink'],
    ]);
  });
});

describe('the organiser adds fields', () => {
  it('a required single choice with four options in both languages, and a field required only for one answer', () => {
    let draft = unitDraft();
    const ctx = contextOf(draft);
    draft = applied(writeField(ctx, draft, dietField(ctx), true));
    const detail: FieldSpec = {
      ...newField(ctx, 'dietDetail', 'shortText'),
      label: { 'zh-CN': '其他饮食要求', en: 'Other diet' },
      requiredWhen: { field: 'diet', value: 'other' },
    };
    draft = applied(writeField(ctx, draft, detail, true));

    expect(draft.schema.required).toContain('diet');
    expect((draft.schema.properties as Schema).diet).toMatchObject({
      type: 'string',
      enum: ['none', 'vegetarian', 'halal', 'other'],
      'x-enum-i18n': ['schema.forms.unit.diet.options.none', expect.any(String), expect.any(String), expect.any(String)],
    });
    expect(draft.labels.en['schema.forms.unit.diet.options.halal']).toBe('Halal');
    expect(draft.labels['zh-CN']['schema.forms.unit.diet.label']).toBe('饮食');
    expect(draft.uiSchema['ui:order']).toEqual(expect.arrayContaining(['diet', 'dietDetail']));
    expect((draft.uiSchema['ui:order'] as string[]).at(-1)).toBe('*');
    expect((draft.schema.properties as Schema).dietDetail).toMatchObject({ type: 'string', maxLength: allDefinitions.text100?.maxLength });

    const validate = compile(draft);
    expect(validate(validUnit)).toBe(false);
    expect(validate({ ...validUnit, diet: 'halal' })).toBe(true);
    expect(validate({ ...validUnit, diet: 'other' })).toBe(false);
    expect(validate({ ...validUnit, diet: 'other', dietDetail: '无麸质' })).toBe(true);
    expect(validate({ ...validUnit, diet: 'fish' })).toBe(false);

    // what was written reads back as it was described
    expect(readField(ctx, draft, 'diet')).toEqual(dietField(ctx));
    expect(readField(ctx, draft, 'dietDetail')?.requiredWhen).toEqual({ field: 'diet', value: 'other' });
  });

  it('refuses a field without both labels, with a taken or bad name, or a condition on an answer that does not exist', () => {
    const draft = unitDraft();
    const ctx = contextOf(draft);
    const reasons = (result: EditResult) => (result.ok ? [] : result.refusals.map((refusal) => refusal.reason));
    expect(reasons(writeField(ctx, draft, { ...dietField(ctx), label: { 'zh-CN': '饮食', en: '' } }, true))).toContain('labelMissing');
    expect(reasons(writeField(ctx, draft, { ...dietField(ctx), name: 'orgNameZh' }, true))).toEqual(['nameTaken']);
    expect(reasons(writeField(ctx, draft, { ...dietField(ctx), name: 'Diet-1' }, true))).toEqual(['nameInvalid']);
    const bad = {
      ...newField(ctx, 'x', 'shortText'),
      label: { 'zh-CN': '甲', en: 'X' },
      requiredWhen: { field: 'unitType', value: 'pirate' },
    };
    expect(reasons(writeField(ctx, draft, bad, true))).toEqual(['requiredWhenSource']);
    const tooLong = {
      ...newField(ctx, 'phone2', 'shortText'),
      label: { 'zh-CN': '手机', en: 'Phone' },
      pattern: 'mobile',
      limits: { maxLength: 99 },
    };
    expect(reasons(writeField(ctx, draft, tooLong, true))).toEqual(['patternLength']);
  });

  it('a short text with a catalogue pattern is checked with the shared format and its message', () => {
    let draft = unitDraft();
    const ctx = contextOf(draft);
    const field = {
      ...newField(ctx, 'deputyMobile', 'shortText'),
      label: { 'zh-CN': '副手机', en: 'Deputy mobile' },
      pattern: 'mobile',
      limits: { maxLength: 15 },
    };
    draft = applied(writeField(ctx, draft, field, true));
    expect((draft.schema.properties as Schema).deputyMobile).toMatchObject({
      format: 'mobile',
      'x-messages': { format: 'validation.mobile' },
    });
    const validate = compile(draft);
    expect(validate({ ...validUnit, deputyMobile: '12345' })).toBe(false);
    expect(validate({ ...validUnit, deputyMobile: '13900139000' })).toBe(true);
  });

  it('a mobile is personal data: the mobile pattern marks a new field x-sensitive, and an existing field keeps its mark as it is', () => {
    let draft = unitDraft();
    const ctx = contextOf(draft);
    const reasons = (result: EditResult) => (result.ok ? [] : result.refusals.map((refusal) => refusal.reason));
    const mobile = {
      ...newField(ctx, 'deputyMobile', 'shortText'),
      label: { 'zh-CN': '副手机', en: 'Deputy mobile' },
      pattern: 'mobile',
      limits: { maxLength: 15 },
    };
    const landline = {
      ...newField(ctx, 'deskPhone', 'shortText'),
      label: { 'zh-CN': '座机', en: 'Desk phone' },
      pattern: 'landline',
      limits: { maxLength: 15 },
    };
    draft = applied(writeField(ctx, draft, mobile, true));
    draft = applied(writeField(ctx, draft, landline, true));
    const properties = () => draft.schema.properties as Record<string, Schema>;
    expect(properties().deputyMobile!['x-sensitive']).toBe('mobile');
    expect(properties().deskPhone!['x-sensitive']).toBeUndefined();
    // relabelled: still marked
    draft = applied(
      writeField(ctx, draft, {
        ...(readField(ctx, draft, 'deputyMobile') as FieldSpec),
        label: { 'zh-CN': '秘书手机', en: 'Secretary mobile' },
      }),
    );
    expect(properties().deputyMobile!['x-sensitive']).toBe('mobile');
    // an existing field neither takes nor leaves the mobile rule (its stored values are clear, or sealed)
    expect(reasons(writeField(ctx, draft, { ...(readField(ctx, draft, 'deskPhone') as FieldSpec), pattern: 'mobile' }))).toEqual([
      'sensitivePatternChange',
    ]);
    expect(reasons(writeField(ctx, draft, { ...(readField(ctx, draft, 'deputyMobile') as FieldSpec), pattern: 'landline' }))).toEqual([
      'sensitivePatternChange',
    ]);
  });
});

describe('protected fields', () => {
  it('can be relabelled and given help: an own key beside the reference, the reference kept', () => {
    let draft = unitDraft();
    const ctx = contextOf(draft);
    const before = readField(ctx, draft, 'contactMobile') as FieldSpec;
    const relabelled = {
      ...before,
      label: { 'zh-CN': '联络人手机号码', en: 'Mobile of the contact' },
      help: { 'zh-CN': '用于接收通知', en: 'For notices' },
    };
    draft = applied(writeField(ctx, draft, relabelled));
    const property = (draft.schema.properties as Schema).contactMobile as Schema;
    expect(property).toMatchObject({
      allOf: [{ $ref: '#/definitions/mobile' }],
      'x-i18n': 'schema.forms.unit.contactMobile.label',
      'x-protected': true,
    });
    expect(property['x-sensitive']).toBe('mobile');
    expect(draft.labels.en['schema.forms.unit.contactMobile.label']).toBe('Mobile of the contact');
    expect(readField(ctx, draft, 'contactMobile')).toMatchObject({
      label: relabelled.label,
      help: relabelled.help,
      pattern: 'mobile',
      protected: true,
    });
  });

  it('can take a tighter limit within the repository bounds, never a looser one', () => {
    let draft = unitDraft();
    const ctx = contextOf(draft);
    const before = readField(ctx, draft, 'orgNameZh') as FieldSpec;
    draft = applied(writeField(ctx, draft, { ...before, limits: { ...before.limits, maxLength: 60 } }));
    expect(compile(draft)({ ...validUnit, orgNameZh: '长'.repeat(61) })).toBe(false);
    const tightened = readField(ctx, draft, 'orgNameZh') as FieldSpec;
    const looser = writeField(ctx, draft, { ...tightened, limits: { ...tightened.limits, maxLength: 151 } });
    expect(looser).toEqual({ ok: false, refusals: [{ field: 'orgNameZh', reason: 'protectedLoosen', limit: 'maxLength' }] });
    const mobile = readField(ctx, draft, 'contactMobile') as FieldSpec;
    expect(writeField(ctx, draft, { ...mobile, limits: { maxLength: 11 } }).ok).toBe(true);
    expect(writeField(ctx, draft, { ...mobile, limits: { maxLength: 16 } }).ok).toBe(false);
  });

  it('cannot be dropped, retyped, renamed, given other choices or made optional', () => {
    const draft = unitDraft();
    const ctx = contextOf(draft);
    const mobile = readField(ctx, draft, 'contactMobile') as FieldSpec;
    const unitType = readField(ctx, draft, 'unitType') as FieldSpec;
    const reasons = (result: EditResult) => (result.ok ? [] : result.refusals.map((refusal) => refusal.reason));
    expect(reasons(dropField(ctx, draft, 'contactMobile'))).toEqual(['protectedDrop']);
    expect(reasons(writeField(ctx, draft, { ...mobile, kind: 'number' }))).toContain('protectedKind');
    expect(reasons(writeField(ctx, draft, { ...mobile, pattern: 'email' }))).toContain('protectedPattern');
    expect(reasons(writeField(ctx, draft, { ...mobile, required: false }))).toContain('protectedRequired');
    expect(reasons(writeField(ctx, draft, { ...unitType, options: unitType.options.slice(1) }))).toContain('protectedOptions');
    expect(reasons(renameField(ctx, draft, 'contactMobile', 'contactPhone'))).toEqual(['protectedRename']);
  });
});

describe('dropping and moving', () => {
  it("drops an organiser's field with its labels, UI entry, requirement and the conditions naming it", () => {
    let draft = unitDraft();
    const ctx = contextOf(draft);
    draft = applied(writeField(ctx, draft, dietField(ctx), true));
    const detail = {
      ...newField(ctx, 'dietDetail', 'longText'),
      label: { 'zh-CN': '说明', en: 'Detail' },
      requiredWhen: { field: 'diet', value: 'other' },
    };
    draft = applied(writeField(ctx, draft, detail, true));
    draft = applied(dropField(ctx, draft, 'diet'));
    expect((draft.schema.properties as Schema).diet).toBeUndefined();
    expect(draft.schema.required).not.toContain('diet');
    expect(Object.keys(draft.labels.en).filter((key) => key.includes('.diet.'))).toEqual([]);
    expect(draft.uiSchema['ui:order']).not.toContain('diet');
    expect(readField(ctx, draft, 'dietDetail')?.requiredWhen).toBeNull();
    expect(compile(draft)(validUnit)).toBe(true);
  });

  it("renames an organiser's field, its labels, place and the conditions on it following", () => {
    let draft = unitDraft();
    const ctx = contextOf(draft);
    draft = applied(writeField(ctx, draft, dietField(ctx), true));
    const detail = {
      ...newField(ctx, 'dietDetail', 'shortText'),
      label: { 'zh-CN': '说明', en: 'Detail' },
      requiredWhen: { field: 'diet', value: 'other' },
    };
    draft = applied(writeField(ctx, draft, detail, true));
    const place = (draft.uiSchema['ui:order'] as string[]).indexOf('diet');
    draft = applied(renameField(ctx, draft, 'diet', 'meal'));
    expect((draft.uiSchema['ui:order'] as string[]).indexOf('meal')).toBe(place);
    expect(readField(ctx, draft, 'meal')).toEqual({ ...dietField(ctx), name: 'meal' });
    expect(readField(ctx, draft, 'dietDetail')?.requiredWhen).toEqual({ field: 'meal', value: 'other' });
    expect(draft.labels.en['schema.forms.unit.diet.label']).toBeUndefined();
  });

  it('moves any field, protected ones included, keeping the rest in order', () => {
    const draft = unitDraft();
    const moved = moveField(draft, 'contactMobile', 0);
    const order = moved.uiSchema['ui:order'] as string[];
    expect(order[0]).toBe('contactMobile');
    expect(order.at(-1)).toBe('*');
    expect(order.filter((name) => name !== 'contactMobile')).toEqual([
      ...fieldOrder(draft).filter((name) => name !== 'contactMobile'),
      '*',
    ]);
  });
});

describe('the difference between two versions', () => {
  it('names added and dropped fields and, for each changed field, what changed', () => {
    const older = unitDraft();
    const ctx = contextOf(older);
    let newer = applied(writeField(ctx, older, dietField(ctx), true));
    const name = readField(ctx, newer, 'orgNameZh') as FieldSpec;
    newer = applied(
      writeField(ctx, newer, { ...name, label: { 'zh-CN': '单位全称', en: 'Full name' }, limits: { ...name.limits, maxLength: 80 } }),
    );
    newer = applied(dropField(ctx, newer, 'orgProfile'));
    newer = moveField(newer, 'contactEmail', 0);
    const differences = versionDifference(ctx, older, newer);
    expect(differences.map(({ name, change, aspects }) => ({ name, change, aspects }))).toEqual([
      { name: 'contactEmail', change: 'changed', aspects: ['place'] },
      { name: 'orgNameZh', change: 'changed', aspects: ['label', 'limits'] },
      { name: 'diet', change: 'added', aspects: [] },
      { name: 'orgProfile', change: 'dropped', aspects: [] },
    ]);
  });
});

describe("the preview's bundle of a draft", () => {
  it('is the bundle codegen makes of the same files (the validator module is bound to exactly it)', () => {
    for (const name of [
      'guest',
      'entourage-member',
      'attendance-intention',
      'itinerary',
      'epidemic-prevention',
      'unit',
      'temporary-registration',
      'good-wishes',
    ]) {
      const { $comment: _generated, ...bundle } = readJson(`src/generated/schemas/${name}.json`);
      expect(bundledSchema(readJson(`schemas/${name}.json`), allDefinitions), name).toEqual(bundle);
    }
  });
});
