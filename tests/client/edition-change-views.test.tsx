/**
 * An edition change reaches the screens with no code edit (tests/support/edition-change.ts: the
 * guest's position wrapped in allOf and relabelled in both languages, a new entourage field,
 * codegen run on a copy). From codegen's output and the copied locales: the guest form (the
 * app's SchemaForm) labels the wrapped field in zh-CN and in en, and the organiser's guest
 * record shows the relabelled field and the member's new field with their labels. The
 * workbooks' half is tests/server/edition-change-exports.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import { guestApi } from '../../src/client/api/guest-endpoints';
import type { FormAssets } from '../../src/client/engine/form-assets';
import { SchemaForm } from '../../src/client/engine/SchemaForm';
import { ensureNamespaces } from '../../src/client/i18n/i18n-setup';
import GuestRecordScreen from '../../src/client/screens/guests/GuestRecordScreen';
import { applyEditionChange, PASSPORT_NAME, POSITION, type EditionChange } from '../support/edition-change';
import { currentGuestDocument, currentMemberDocument, guestDetail } from './fixtures/guest-fixtures';

/** The forms and read-only views load the copy's bundles for these schemas; every other schema the real ones. */
const copied = vi.hoisted(() => new Map<string, FormAssets>());
vi.mock('../../src/client/engine/form-assets', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/client/engine/form-assets')>();
  return { ...real, loadFormAssets: (name: string) => (copied.has(name) ? Promise.resolve(copied.get(name)!) : real.loadFormAssets(name)) };
});

let change: EditionChange;

beforeAll(async () => {
  change = applyEditionChange(process.cwd(), path.join(process.cwd(), 'test-artifacts'));
  for (const name of ['guest', 'entourage-member']) {
    const schema = change.bundle(name) as RJSFSchema;
    // the copy's precompiled validator, bound to its schema as the app binds its own (form-assets.ts)
    const validateFns = (await import(/* @vite-ignore */ path.join(change.outDir, 'validators', `${name}.js`))) as ValidatorFunctions;
    copied.set(name, { schema, validator: createPrecompiledValidator(validateFns, schema) });
  }
  // the copy's labels over the app's, as a fresh start would read them
  for (const language of ['zh-CN', 'en']) {
    await i18next.changeLanguage(language);
    await ensureNamespaces(['schema', 'guest', 'console']);
    const texts = JSON.parse(fs.readFileSync(path.join(change.localesDir, language, 'schema.json'), 'utf8')) as Record<string, unknown>;
    i18next.addResourceBundle(language, 'schema', texts, true, true);
  }
  await i18next.changeLanguage('zh-CN');
}, 600_000);

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await i18next.changeLanguage('zh-CN');
});

afterAll(() => change?.cleanup());

describe('an edition change through the files, on the screens', () => {
  it('codegen bundled the wrapped reference and the new member field', () => {
    const position = (change.bundle('guest').properties as Record<string, Record<string, unknown>>).position!;
    expect(position.allOf).toEqual([{ $ref: '#/definitions/personPosition' }]);
    expect(position.maxLength).toBe(40);
    expect((change.bundle('entourage-member').properties as Record<string, unknown>).passportName).toBeDefined();
  });

  for (const language of ['zh-CN', 'en'] as const) {
    it(`the guest form labels the wrapped field in ${language}`, async () => {
      await i18next.changeLanguage(language);
      render(
        <SchemaForm schemaName="guest" formId="edition-change" initial={{}} onSubmit={async () => {}}>
          <button type="submit">ok</button>
        </SchemaForm>,
      );
      const field = await screen.findByRole('textbox', { name: new RegExp(`^${POSITION[language]}`) });
      expect(field).toHaveAttribute('id', 'root_position');
      // never the raw key, as before ("position *")
      expect(screen.queryAllByText(/^position( \*)?$/)).toHaveLength(0);
      // the first render loads the form library: past 30 s on a loaded 2-core machine
    }, 120_000);
  }

  it("the organiser's record shows the relabelled field and the member's new field with their labels", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 404 })),
    );
    const member = {
      id: 'm1',
      document: { ...currentMemberDocument({ nameZh: '李四' }), passportName: 'LI SI' },
      idNumberMasked: '370202********1234',
      idNumberConsent: null,
      schemaVersion: Number(change.bundle('entourage-member')['x-version']),
    };
    vi.spyOn(guestApi, 'adminGuest').mockResolvedValue(
      guestDetail({ id: 'g1', document: currentGuestDocument({ position: '董事长' }), entourage: [member] }),
    );
    render(
      <MemoryRouter initialEntries={['/admin/guests/g1']}>
        <Routes>
          <Route path="/admin/guests/:id" element={<GuestRecordScreen />} />
        </Routes>
      </MemoryRouter>,
    );
    const details = await screen.findByTestId('member-details');
    await within(details).findByText(PASSPORT_NAME['zh-CN']);
    expect(details.querySelector('[data-field="/passportName"]')).toHaveTextContent('LI SI');
    const basic = await screen.findByTestId('record-basic');
    await within(basic).findByText(POSITION['zh-CN']);
    expect(basic.querySelector('[data-field="/position"]')).toHaveTextContent('董事长');
  }, 120_000);
});
