/**
 * A data file that is not JSON (schema, UI schema, screen declaration, locale, demo data) is named
 * by file, line and column, with the line, a caret under the spot and what to do; every broken
 * schema and locale file at once.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generateAll, projectRoot, SchemaLintError } from '../../codegen/pipeline.js';
import { tempWorkspace } from './helpers.js';

let cleanup = (): void => undefined;
afterEach(() => cleanup());

function workspaceWithLocales(): ReturnType<typeof tempWorkspace> & { localesDir: string } {
  const workspace = tempWorkspace();
  cleanup = workspace.cleanup;
  const localesDir = path.join(workspace.dir, 'locales');
  fs.cpSync(workspace.options.localesDir, localesDir, { recursive: true });
  return { ...workspace, localesDir };
}

/** Edits the line of `file` that contains `anchor` (1-based number of that line returned). */
function editLine(file: string, anchor: string, edit: (line: string) => string): number {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const index = lines.findIndex((line) => line.includes(anchor));
  expect(index, `${anchor} in ${file}`).toBeGreaterThanOrEqual(0);
  lines[index] = edit(lines[index] ?? '');
  fs.writeFileSync(file, lines.join('\n'));
  return index + 1;
}

async function problemsOf(options: Parameters<typeof generateAll>[0]): Promise<string[]> {
  const error = await generateAll(options).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SchemaLintError);
  return (error as SchemaLintError).problems;
}

describe('codegen: invalid JSON', () => {
  it('names line and column of a trailing comma in a schema and of a comment in a locale, shows each line with a caret, and advises', async () => {
    const workspace = workspaceWithLocales();
    const guest = path.join(workspace.options.schemasDir, 'guest.json');
    // the last keyword of the rank property gets a comma: `"$ref": "...personRank",` then `}`
    const line = editLine(guest, '"definitions.json#/definitions/personRank"', (text) => `${text},`);
    const zh = path.join(workspace.localesDir, 'zh-CN', 'schema.json');
    const localeLine = editLine(zh, '"guest-sign-in"', (text) => `${text} // 嘉宾`);

    const problems = await problemsOf({ ...workspace.options, localesDir: workspace.localesDir });
    expect(problems).toHaveLength(2);
    const [schemaProblem, localeProblem] = problems as [string, string];
    const schemaLine = fs.readFileSync(guest, 'utf8').split('\n')[line - 1] ?? '';
    const column = schemaLine.length; // the comma is the last character
    expect(schemaProblem.split('\n')).toEqual([
      `schemas/guest.json#: not valid JSON at line ${line}, column ${column} (JSON does not support trailing commas). Remove the comma after the last entry: JSON allows none before } or ]`,
      `      ${line} | ${schemaLine}`,
      `      ${' '.repeat(String(line).length)} | ${' '.repeat(column - 1)}^`,
    ]);
    expect(localeProblem).toMatch(
      new RegExp(
        `^locales/zh-CN/schema\\.json#: not valid JSON at line ${localeLine}, column \\d+ \\(JSON does not support comments\\)\\. Remove the comment`,
      ),
    );
    // the caret stands under the "//", CJK characters counted two columns wide
    const [, shown = '', caret = ''] = localeProblem.split('\n');
    const code = shown.slice(shown.indexOf('| ') + 2);
    const width = [...code.slice(0, code.indexOf('//'))].reduce((sum, c) => sum + (/[\u4e00-\u9fff]/u.test(c) ? 2 : 1), 0);
    expect(caret.slice(caret.indexOf('| ') + 2)).toBe(`${' '.repeat(width)}^`);
  }, 60_000);

  it('names a missing comma in a UI schema and a trailing comma in a screen declaration', async () => {
    const workspace = workspaceWithLocales();
    const ui = path.join(workspace.options.uiSchemasDir, 'guest.json');
    const uiLine = editLine(ui, '"nameZh",', (text) => text.replace(',', '')) + 1; // the next entry is where the comma is missed
    const screens = path.join(workspace.options.uiSchemasDir, 'screens');
    const declaration = fs.readdirSync(screens).find((file) => file.endsWith('.json')) ?? '';
    const declarationFile = path.join(screens, declaration);
    fs.writeFileSync(declarationFile, fs.readFileSync(declarationFile, 'utf8').replace(/\n\}\s*$/, ',\n}\n'));

    const problems = await problemsOf({ ...workspace.options, localesDir: workspace.localesDir });
    expect(problems).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^ui-schemas/guest\\.json#: not valid JSON at line ${uiLine}, column 5 \\(Expected "," in JSON but found "\\\\"nameEn\\\\""\\)\\. Add the comma missing between this entry and the one before it\\n {6}${uiLine} \\|     "nameEn",\\n`,
        ),
      ),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^ui-schemas/screens/${declaration.replace('.', '\\.')}#: not valid JSON at line \\d+, column \\d+ \\(JSON does not support trailing commas\\)`,
        ),
      ),
    );
  }, 60_000);

  it('the command line prints the located problem and no stack trace', () => {
    const workspace = workspaceWithLocales();
    fs.writeFileSync(path.join(workspace.options.schemasDir, 'liaison.json'), '{\n  "type": "object",\n}\n');
    const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx');
    const run = spawnSync(
      tsx,
      ['codegen/generate.ts', '--check', '--schemas', workspace.options.schemasDir, '--out', workspace.options.outDir],
      { cwd: projectRoot, encoding: 'utf8' },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'schemas/liaison.json#: not valid JSON at line 2, column 19 (JSON does not support trailing commas). Remove the comma after the last entry',
    );
    expect(run.stderr).toContain('      2 |   "type": "object",\n        |                   ^');
    expect(run.stderr).not.toMatch(/^\s+at /m);
  }, 60_000);
});
