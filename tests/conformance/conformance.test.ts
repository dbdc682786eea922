/**
 * Runs the real CLI (`tsx tests/conformance/run.ts`) as a tester would: the shipped cases
 * must pass, a case asserting something false must fail with a clear line (exit 1), and a
 * malformed case file must be reported as such (exit 2).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const runner = join(root, 'tests', 'conformance', 'run.ts');
const tmp = mkdtempSync(join(tmpdir(), 'conformance-'));

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(tsx, [runner, ...args], { cwd: root, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function caseFile(name: string, content: unknown): string {
  const path = join(tmp, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1) ?? '';
}

describe('conformance runner', () => {
  it('passes every shipped case', () => {
    const { status, stdout, stderr } = run();
    expect(stderr).toBe('');
    expect(stdout).not.toContain('FAIL ');
    expect(lastLine(stdout)).toMatch(/^[1-9]\d* passed, 0 failed, [1-9]\d* skipped$/);
    expect(status).toBe(0);
  }, 60_000);

  it('fails with a clear line when a case asserts something false', () => {
    const file = caseFile('false.json', [
      { name: 'true claim', format: 'mobile', value: '13812345678', valid: true },
      { name: 'false claim', format: 'mobile', value: '12812345678', valid: true },
      { name: 'wrong pointers', schema: 'sign-in-password', data: {}, valid: false, errors: ['/nothing'] },
    ]);
    const { status, stdout } = run(file);
    expect(stdout).toMatch(/FAIL .*false\.json #1 \(false claim\): format "mobile" found "12812345678" invalid, expected valid/);
    expect(stdout).toMatch(/FAIL .*false\.json #2 \(wrong pointers\): schema "sign-in-password" reported errors at .*missing "\/nothing"/);
    expect(lastLine(stdout)).toBe('1 passed, 2 failed');
    expect(status).toBe(1);
  }, 30_000);

  it('accepts a schema by $id, file name or bare name', () => {
    const file = caseFile('names.json', [
      { schema: 'https://summit.example/schemas/sign-in-password.json', data: {}, valid: false },
      { schema: 'sign-in-password.json', data: {}, valid: false },
      { schema: 'sign-in-password', data: {}, valid: false },
    ]);
    const { status, stdout } = run(file);
    expect(lastLine(stdout)).toBe('3 passed, 0 failed');
    expect(status).toBe(0);
  }, 30_000);

  it('reports every malformed file with exit status 2, before running any case', () => {
    const malformed: [string, unknown, RegExp][] = [
      ['not-json', '[{', /not-json\.json: not valid JSON/],
      ['not-array', { format: 'mobile', value: 'x', valid: false }, /not-array\.json: must be a JSON array/],
      ['unknown-format', [{ format: 'no-such-format', value: 'x', valid: false }], /case #0: unknown format "no-such-format"/],
      ['unknown-schema', [{ schema: 'no-such-schema', data: {}, valid: false }], /case #0: unknown schema "no-such-schema"/],
      ['unknown-key', [{ format: 'mobile', value: 'x', valid: false, extra: 1 }], /case #0: unknown key\(s\) "extra"/],
      ['missing-valid', [{ format: 'mobile', value: 'x' }], /missing-valid\.json: case #0: "valid" must be true or false/],
      ['bad-pointer', [{ schema: 'sign-in-password', data: {}, valid: false, errors: ['account'] }], /JSON pointers/],
      ['errors-on-valid', [{ schema: 'sign-in-password', data: {}, valid: true, errors: ['/account'] }], /a valid case cannot list "errors"/],
      ['both-kinds', [{ format: 'mobile', schema: 'guest', value: 'x', data: {}, valid: true }], /exactly one of "format"/],
    ];
    const files = malformed.map(([label, content]) => caseFile(`malformed-${label}.json`, content));
    const good = caseFile('good.json', [{ format: 'mobile', value: '12812345678', valid: true }]);
    const { status, stderr, stdout } = run(good, ...files);
    for (const [, , message] of malformed) expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n').every((line) => line.startsWith('MALFORMED '))).toBe(true);
    expect(stdout).toBe('');
    expect(status).toBe(2);
  }, 30_000);

  it('runs JSON-Schema-Test-Suite files through the app compilation, failing false claims and refused schemas', () => {
    const file = caseFile('suite.json', [
      {
        description: 'maxLength counts characters',
        schema: { type: 'string', maxLength: 2 },
        tests: [
          { description: 'two characters', data: '张三', valid: true },
          { description: 'false claim', data: 'abc', valid: true },
        ],
      },
      { description: 'a format the app lacks', schema: { format: 'hostname' }, tests: [{ description: 'any', data: 'x', valid: true }] },
    ]);
    const { status, stdout } = run(file);
    expect(stdout).toMatch(/FAIL .*suite\.json #0\.1: group "maxLength counts characters", test "false claim": found the data invalid, expected valid/);
    expect(stdout).toMatch(/FAIL .*suite\.json #1\.0: .*the app's compilation refused the schema \(unknown format "hostname"/);
    expect(lastLine(stdout)).toBe('1 passed, 2 failed');
    expect(status).toBe(1);
  }, 30_000);

  it('reports a malformed JSON-Schema-Test-Suite file with exit status 2', () => {
    const file = caseFile('bad-suite.json', [
      { description: 'ok', schema: {}, tests: [{ description: 't', data: 1, valid: true }] },
      { description: 'no tests', schema: {}, tests: [] },
      { description: 'bad test', schema: {}, tests: [{ description: 't', data: 1, valid: 'yes' }] },
    ]);
    const { status, stderr } = run(file);
    expect(stderr).toMatch(/MALFORMED .*bad-suite\.json: group #1: "tests" must be a non-empty array/);
    expect(stderr).toMatch(/MALFORMED .*bad-suite\.json: group #2 test #0: "valid" must be true or false/);
    expect(status).toBe(2);
  }, 30_000);

  it("runs the project's own draft-06/07 keyword groups through the app compilation, with their skip list", () => {
    const { status, stdout, stderr } = run(join(root, 'tests', 'conformance', 'draft7-keywords', 'groups'));
    expect(stderr).toBe('');
    expect(stdout).not.toContain('FAIL ');
    // the skipped tests are the groups ajv strict mode refuses (draft7-keywords/skip-list.json)
    expect(lastLine(stdout)).toMatch(/^(?:[2-9]\d\d|\d{4,}) passed, 0 failed, [1-9]\d* skipped$/);
    expect(status).toBe(0);
  }, 60_000);

  it('the same draft-06/07 groups, copied outside the suite folders, report the refused schemas as failures', () => {
    const file = caseFile('if-alone.json', [
      { description: 'if without then or else', schema: { if: { const: 0 } }, tests: [{ description: 'any', data: 1, valid: true }] },
    ]);
    const { status, stdout } = run(file);
    expect(stdout).toMatch(/FAIL .*if-alone\.json #0\.0: .*refused the schema \(strict mode: "if" without "then" and "else" is ignored\)/);
    expect(status).toBe(1);
  }, 30_000);

  it('reports a missing path as malformed', () => {
    const { status, stderr } = run(join(tmp, 'does-not-exist.json'));
    expect(stderr).toMatch(/MALFORMED .*does-not-exist\.json: no such file or folder/);
    expect(status).toBe(2);
  }, 30_000);
});
