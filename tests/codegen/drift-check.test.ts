import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { driftMessage, findDrift, writeFiles } from '../../codegen/output.js';
import { defaultOptions, GENERATED_MARK, generateAll, projectRoot } from '../../codegen/pipeline.js';
import { tempWorkspace } from './helpers.js';

const run = promisify(execFile);

describe('drift check', () => {
  let cleanup = (): void => undefined;
  afterEach(() => cleanup());

  it('finds the committed src/generated up to date', async () => {
    const files = await generateAll();
    expect(driftMessage(findDrift(files, defaultOptions.outDir), projectRoot)).toBeNull();
  }, 30_000);

  it('every generated file says it is generated in its first lines', async () => {
    const files = await generateAll();
    for (const [file, content] of files) {
      expect(content.slice(0, 200), file).toContain(GENERATED_MARK);
    }
  }, 30_000);

  it('reports stale, missing and extra files', async () => {
    const workspace = tempWorkspace();
    cleanup = workspace.cleanup;
    const { outDir } = workspace.options;
    const files = await generateAll(workspace.options);
    writeFiles(files, outDir);
    expect(findDrift(files, outDir)).toEqual({ missing: [], changed: [], extra: [] });

    const stale = path.join(outDir, 'validators', 'sign-in-code.js');
    fs.appendFileSync(stale, '\n// hand edit\n');
    fs.rmSync(path.join(outDir, 'types.ts'));
    fs.writeFileSync(path.join(outDir, 'schemas', 'gone.json'), '{}');
    const report = findDrift(files, outDir);
    expect(report.changed).toEqual([stale]);
    expect(report.missing).toEqual([path.join(outDir, 'types.ts')]);
    expect(report.extra).toEqual([path.join(outDir, 'schemas', 'gone.json')]);
    const message = driftMessage(report, workspace.dir) ?? '';
    expect(message).toContain('run `npm run codegen`');
    expect(message).toContain('stale:   generated/validators/sign-in-code.js');
  });

  it('the --check command exits 1 listing the stale file', async () => {
    const workspace = tempWorkspace();
    cleanup = workspace.cleanup;
    const { outDir, schemasDir } = workspace.options;
    writeFiles(await generateAll(workspace.options), outDir);
    fs.writeFileSync(path.join(outDir, 'registry.ts'), '// edited\n');
    const tsx = path.join(projectRoot, 'node_modules/.bin/tsx');
    const args = [path.join(projectRoot, 'codegen/generate.ts'), '--check', '--schemas', schemasDir, '--out', outDir];
    const failure = await run(tsx, args).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('registry.ts');
  }, 90_000);
});
