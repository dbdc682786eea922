/**
 * An edition change made as an organiser makes it: on a temp copy of schemas/, ui-schemas/,
 * locales/ and the demo data, through the files only (no TypeScript), then `npm run codegen`
 * (the real command, with its options for another folder). The guest's position is limited to
 * 40 characters by wrapping its reference in allOf (the house rule for a rule beside a
 * reference) and relabelled in both languages; the entourage member gets a new field with its
 * labels; the attendance form gets a new option; both versions are bumped. Used by the client and the server halves of the check.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const POSITION = { 'zh-CN': '现任职务', en: 'Current position' } as const;
export const PASSPORT_NAME = { 'zh-CN': '护照姓名', en: 'Name in passport' } as const;
/** a new attendance option, in the definitions only the guest form refers to */
export const HYBRID = { value: 'hybrid', 'zh-CN': '线上线下结合', en: 'Partly online' } as const;

export interface EditionChange {
  /** the copied locales (the changed labels) */
  localesDir: string;
  /** codegen's output for the copy */
  outDir: string;
  /** a bundled schema of the copy, as codegen wrote it */
  bundle(name: string): Record<string, unknown>;
  cleanup(): void;
}

function editJson(file: string, edit: (json: Record<string, unknown>) => void): void {
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  edit(json);
  fs.writeFileSync(file, JSON.stringify(json, null, 2));
}

function bump(schema: Record<string, unknown>): void {
  schema['x-version'] = Number(schema['x-version']) + 1;
}

/** `under`: where the copy goes (a browser-like test imports the copy's validators from inside the project). */
export function applyEditionChange(root = process.cwd(), under = os.tmpdir()): EditionChange {
  fs.mkdirSync(under, { recursive: true });
  const dir = fs.mkdtempSync(path.join(under, 'edition-change-'));
  const at = (name: string) => path.join(dir, name);
  for (const from of ['schemas', 'ui-schemas', 'locales']) fs.cpSync(path.join(root, from), at(from), { recursive: true });
  fs.copyFileSync(path.join(root, 'config/demo-data.json'), at('demo-data.json'));
  // the published versions' records come along, as they do in the repository: the change adds a record, the old ones stay
  fs.cpSync(path.join(root, 'src/generated/versions'), at('generated/versions'), { recursive: true });

  editJson(at('schemas/guest.json'), (schema) => {
    const properties = schema.properties as Record<string, unknown>;
    properties.position = { allOf: [{ $ref: 'definitions.json#/definitions/personPosition' }], maxLength: 40 };
    bump(schema);
  });
  editJson(at('schemas/entourage-member.json'), (schema) => {
    const properties = schema.properties as Record<string, unknown>;
    properties.passportName = { type: 'string', maxLength: 60, 'x-i18n': 'schema.fields.passportName' };
    bump(schema);
  });
  editJson(at('schemas/definitions.json'), (schema) => {
    const attendanceForm = (schema.definitions as Record<string, Record<string, string[]>>).attendanceForm!;
    attendanceForm.enum!.push(HYBRID.value);
    attendanceForm['x-enum-i18n']!.push(`schema.enums.attendanceForm.${HYBRID.value}`);
  });
  for (const language of ['zh-CN', 'en'] as const)
    editJson(at(`locales/${language}/schema.json`), (texts) => {
      const fields = texts.fields as Record<string, string>;
      fields.position = POSITION[language];
      fields.passportName = PASSPORT_NAME[language];
      (texts.enums as Record<string, Record<string, string>>).attendanceForm![HYBRID.value] = HYBRID[language];
    });

  const codegen = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/tsx/dist/cli.mjs'),
      'codegen/generate.ts',
      ...['--schemas', at('schemas'), '--ui-schemas', at('ui-schemas'), '--locales', at('locales')],
      ...['--demo-data', at('demo-data.json'), '--out', at('generated')],
    ],
    { cwd: root, encoding: 'utf8' },
  );
  if (codegen.status !== 0) throw new Error(`codegen refused the edition change:\n${codegen.stdout}${codegen.stderr}`);

  return {
    localesDir: at('locales'),
    outDir: at('generated'),
    bundle: (name) => JSON.parse(fs.readFileSync(at(`generated/schemas/${name}.json`), 'utf8')) as Record<string, unknown>,
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
