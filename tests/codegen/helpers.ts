/** Temp copies of the real inputs, so tests can break a schema without touching schemas/. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultOptions, type CodegenOptions } from '../../codegen/pipeline.js';

export function tempWorkspace(): { options: CodegenOptions; dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codegen-test-'));
  const schemasDir = path.join(dir, 'schemas');
  fs.cpSync(defaultOptions.schemasDir, schemasDir, { recursive: true });
  // UI schemas and demo data are checked against the schemas: a test that changes a schema edits their copies too
  const uiSchemasDir = path.join(dir, 'ui-schemas');
  fs.cpSync(defaultOptions.uiSchemasDir, uiSchemasDir, { recursive: true });
  const demoDataFile = path.join(dir, 'demo-data.json');
  fs.copyFileSync(defaultOptions.demoDataFile, demoDataFile);
  const options: CodegenOptions = {
    ...defaultOptions,
    schemasDir,
    uiSchemasDir,
    demoDataFile,
    outDir: path.join(dir, 'generated'),
  };
  return { options, dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export function editJson(file: string, edit: (json: Record<string, unknown>) => void): void {
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  edit(json);
  fs.writeFileSync(file, JSON.stringify(json, null, 2));
}
