/**
 * The conformance suite across an edition change made through the files: the shipped guest cases
 * name the version they were written for and keep passing once the guest form moves on, and a
 * case written for the new version meets the new rule. The runner is run as testers run it, on a
 * mirror of itself whose `src/generated` is codegen's output for the changed copy (the runner reads
 * the generated validators by relative import, as the app does).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEditionChange, HYBRID, type EditionChange } from '../support/edition-change';

const root = process.cwd();

describe('conformance across an edition change', () => {
  let change: EditionChange;
  let mirror = '';

  beforeAll(() => {
    change = applyEditionChange(root);
    // inside the project (test-artifacts/, ignored by git, lint and Prettier), so the mirror's imports find node_modules
    fs.mkdirSync(path.join(root, 'test-artifacts'), { recursive: true });
    mirror = fs.mkdtempSync(path.join(root, 'test-artifacts/conformance-mirror-'));
    const copy = (from: string, to: string) => fs.cpSync(from, path.join(mirror, to), { recursive: true });
    copy(path.join(root, 'src/shared'), 'src/shared');
    // linked, not copied: the generated validators import src/shared by a path relative to where codegen wrote them
    fs.mkdirSync(path.join(mirror, 'src'), { recursive: true });
    fs.symlinkSync(change.outDir, path.join(mirror, 'src/generated'), 'dir');
    copy(path.join(root, 'codegen'), 'codegen');
    copy(path.join(root, 'tests/conformance/lib'), 'tests/conformance/lib');
    copy(path.join(root, 'tests/conformance/run.ts'), 'tests/conformance/run.ts');
    copy(path.join(root, 'tests/e2e/support/chromium.ts'), 'tests/e2e/support/chromium.ts');
    copy(path.join(root, 'tests/conformance/cases/guest.json'), 'cases/guest.json');
    const shipped = JSON.parse(fs.readFileSync(path.join(root, 'tests/conformance/cases/guest.json'), 'utf8')) as {
      schema: string;
      data: Record<string, unknown>;
      valid: boolean;
    }[];
    const full = shipped.find((testCase) => testCase.valid && typeof testCase.data.position === 'string')!;
    const newVersion = Number((change.bundle('guest')['x-version'] as number) ?? 0);
    const written = (position: string, valid: boolean, name: string) => ({
      ...full,
      name,
      schema: `guest@${newVersion}`,
      data: { ...full.data, position },
      valid,
    });
    fs.writeFileSync(
      path.join(mirror, 'cases/guest-next.json'),
      JSON.stringify([
        written('x'.repeat(40), true, 'a position of 40 characters (the new limit)'),
        written('x'.repeat(41), false, 'a position of 41 characters'),
        { ...written('x', true, 'the new attendance option'), data: { ...full.data, attendanceForm: HYBRID.value } },
        {
          ...full,
          name: 'the new attendance option is not one of the shipped version',
          data: { ...full.data, attendanceForm: HYBRID.value },
          valid: false,
        },
      ]),
    );
  }, 180_000);

  afterAll(() => {
    if (mirror) fs.rmSync(mirror, { recursive: true, force: true });
    change?.cleanup();
  });

  it('runs the shipped cases against the version they name and the new cases against the new version, all passing', () => {
    const newVersion = Number(change.bundle('guest')['x-version']);
    const run = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(mirror, 'tests/conformance/run.ts'), path.join(mirror, 'cases')],
      { cwd: root, encoding: 'utf8' },
    );
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status, output).toBe(0);
    const shippedVersions = new Set(
      (JSON.parse(fs.readFileSync(path.join(root, 'tests/conformance/cases/guest.json'), 'utf8')) as { schema: string }[]).map(
        (testCase) => testCase.schema,
      ),
    );
    // the shipped cases were written for an older version than the copy's current one
    expect([...shippedVersions].every((schema) => Number(schema.split('@')[1]) < newVersion)).toBe(true);
    expect(output).toMatch(new RegExp(`guest@${newVersion}`));
    for (const schema of shippedVersions) expect(output).toContain(schema);
  }, 180_000);
});
