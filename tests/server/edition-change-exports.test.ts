/**
 * An edition change reaches the console's workbooks with no code edit (tests/support/edition-change.ts:
 * the guest's position wrapped in allOf and relabelled in both languages, a new entourage
 * field, codegen run on a copy). The guests and entourage sheets, built from the copy's bundled
 * schemas and labels, have the relabelled and the new field as columns, read as a person reads
 * them, with ID numbers masked as every export masks them. The rows are stored documents as the
 * sheets receive them from the database (the queries are covered by console-exports.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database.js';
import { ReadableValues } from '../../src/server/exports/readable-values.js';
import { GuestExports } from '../../src/server/features/guests/guest-exports.js';
import { Translator } from '../../src/server/http/translator.js';
import { sheetsWithPrivacy } from '../../src/server/privacy/export-contacts.js';
import type { DataProtection } from '../../src/server/security/data-protection.js';
import { buildRecord } from '../support/record-factory.js';
import { applyEditionChange, PASSPORT_NAME, POSITION, type EditionChange } from '../support/edition-change.js';

let change: EditionChange;
beforeAll(() => {
  change = applyEditionChange();
}, 600_000);
afterAll(() => change?.cleanup());

const SEAL = 'sealed:';
/** stored documents hold ID numbers and mobiles sealed: opened by the data protection */
const protection = {
  open: (value: string | null) => (value?.startsWith(SEAL) ? value.slice(SEAL.length) : value),
} as unknown as DataProtection;
/** the sheets read no row here: their rows are given below */
const noDatabase = { getExecutor: () => ({ adapter: {} }) } as unknown as Db;

describe('an edition change through the files, in the workbooks', () => {
  for (const language of ['zh-CN', 'en'] as const) {
    it(`the guests and entourage sheets have the relabelled and the new field as columns (${language})`, () => {
      const sheets = new GuestExports(noDatabase, protection, (name) => change.bundle(name));
      const translator = new Translator(change.localesDir);
      const read = new ReadableValues((key, params) => translator.t(language, key, params));
      const headers = (columns: { headerKey: string }[]) => columns.map((column) => read.t(column.headerKey));

      const [guests] = sheetsWithPrivacy(sheets.guests('edition'), false);
      const guestHeaders = headers(guests!.columns);
      expect(guestHeaders).toContain(POSITION[language]);
      const guest = {
        document: JSON.stringify(
          buildRecord('guest', { nameZh: '周嘉宾', position: '董事长', gender: 'female', idNumber: `${SEAL}370202198001011234` }),
        ),
        unit_name: '示例企业',
      };
      const cell = (header: string) => guests!.columns[guestHeaders.indexOf(header)]!.value(guest, read);
      expect(cell(POSITION[language])).toBe('董事长');
      expect(cell(language === 'en' ? 'Gender' : '性别')).toBe(language === 'en' ? 'Female' : '女');
      expect(cell(language === 'en' ? 'ID number' : '证件号码')).toBe('370202********1234');

      const [members] = sheetsWithPrivacy(sheets.entourage('edition'), false);
      const memberHeaders = headers(members!.columns);
      expect(memberHeaders).toContain(PASSPORT_NAME[language]);
      const member = { guest_name: '周嘉宾', unit_name: '示例企业', document: JSON.stringify({ nameZh: '李四', passportName: 'LI SI' }) };
      expect(members!.columns[memberHeaders.indexOf(PASSPORT_NAME[language])]!.value(member, read)).toBe('LI SI');
    });
  }
});
