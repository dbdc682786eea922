/**
 * The draft's stored-records diff checks each record against only what the draft changed since
 * the version the record was saved under (schema-delta.ts), and opens the sealed ID numbers and
 * mobiles only when a changed field is sealed. Its answer is the full check's, to the record:
 * the same counts, fields and listed problems, for a draft that leaves the sealed fields alone
 * (and then opens none of them) and for one that tightens the mobile's rule (and then must).
 */
import { expect, it, vi } from 'vitest';
import { describeEachDatabase } from './helpers/databases.js';
import { useTestApp } from './helpers/test-app.js';
import { addGuest, caller, ENTERPRISE, movableClock, ORGANISER } from './guests-harness.js';
import {
  formVersionsApiPaths as paths,
  type FormDocument,
  type FormSummary,
  type FormVersionDetail,
} from '../../src/shared/form-versions-api.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schemas are edited by hand here
type Json = Record<string, any>;

const GUESTS = 12;

/** A reference wrapped by the house rule, with a tighter rule beside it. */
function tightened(property: Json, rule: Json): Json {
  const { $ref, ...annotations } = property;
  return $ref ? { ...annotations, allOf: [{ $ref }], ...rule } : { ...property, ...rule };
}

/** One more required field, and the Chinese name at most two characters. */
function unsealedChange(live: FormDocument): FormDocument {
  const document = structuredClone(live);
  const schema = document.schema as Json;
  schema.properties.badgeTitle = { type: 'string', minLength: 1, maxLength: 20, 'x-i18n': 'schema.fields.badgeTitle' };
  schema.required = [...(schema.required as string[]), 'badgeTitle'];
  schema.properties.nameZh = tightened(schema.properties.nameZh as Json, { maxLength: 2 });
  document.labels['zh-CN']['schema.fields.badgeTitle'] = '胸卡头衔';
  document.labels.en['schema.fields.badgeTitle'] = 'Badge title';
  return document;
}

/** The mobile (sealed at rest) must end in an even digit; the rank is newly required. */
function sealedChange(live: FormDocument): FormDocument {
  const document = structuredClone(live);
  const schema = document.schema as Json;
  schema.properties.mobile = tightened(schema.properties.mobile as Json, { pattern: '[02468]$' });
  schema.required = [...(schema.required as string[]), 'rank'];
  return document;
}

describeEachDatabase('the stored-records diff checked against what the draft changed', (kind) => {
  const time = movableClock();
  const t = useTestApp(kind, {}, { clock: time.clock });

  it('counts what the full check counts, opening sealed values only when a sealed field changed', async () => {
    const unit = await caller(t, ENTERPRISE);
    const organiser = await caller(t, ORGANISER);
    for (let n = 0; n < GUESTS; n += 1)
      await addGuest(unit, t, ENTERPRISE, 300 + n, { nameZh: n % 3 === 0 ? '王明' : '王小明', ...(n % 4 === 0 ? { rank: '处长' } : {}) });
    const summary = (await organiser.get<FormSummary[]>(paths.formList)).body.data.find((f) => f.name === 'guest')!;
    const live = (await organiser.get<FormVersionDetail>(paths.formVersion('guest', summary.live!.version))).body.data.document;
    const drafts = t.app.services.forms.drafts;
    const opened = vi.spyOn(t.app.services.protection, 'openDocument');

    const unsealed = unsealedChange(live);
    opened.mockClear();
    const delta = await drafts.storedRecords('guest', unsealed, 1000);
    expect(opened).not.toHaveBeenCalled();
    const full = await drafts.storedRecords('guest', unsealed, 1000, { inFull: true });
    expect(opened.mock.calls.length).toBe(full.checked);
    expect({ ...delta, tookMs: 0 }).toEqual({ ...full, tookMs: 0 });
    // every guest lacks the new field; the three-character names break the tighter limit
    expect(full.affected).toBe(full.checked);
    expect(full.fields.find((field) => field.pointer === '/nameZh')?.rejected).toBeGreaterThanOrEqual(GUESTS - GUESTS / 3);

    const sealed = sealedChange(live);
    opened.mockClear();
    const sealedDelta = await drafts.storedRecords('guest', sealed, 1000);
    expect(opened.mock.calls.length).toBe(sealedDelta.checked);
    const sealedFull = await drafts.storedRecords('guest', sealed, 1000, { inFull: true });
    expect({ ...sealedDelta, tookMs: 0 }).toEqual({ ...sealedFull, tookMs: 0 });
    const mobile = sealedFull.fields.find((field) => field.pointer === '/mobile')?.rejected ?? 0;
    expect(mobile).toBeGreaterThan(0);
    expect(mobile).toBeLessThan(sealedFull.checked);
    expect(sealedFull.fields.find((field) => field.pointer === '/rank')?.rejected).toBeGreaterThan(0);
    opened.mockRestore();
  });
});
