/**
 * Runs the real CLI (`tsx tests/conformance/run.ts`) as a tester would: the shipped cases
 * must pass, a case asserting something false must fail with a clear line (exit 1), and a
 * malformed case file must be reported as such (exit 2).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { compileValidatorModule } from '../../src/shared/form-rules/validator-code.js';
import { chromiumAvailable } from '../e2e/support/chromium';

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

/** The schema cases of a shipped case file (their `schema` is `name@version`). */
function shippedCases(name: string): { schema: string }[] {
  const cases = JSON.parse(readFileSync(join(root, 'tests', 'conformance', 'cases', `${name}.json`), 'utf8')) as { schema?: string }[];
  return cases.filter((c): c is { schema: string } => typeof c.schema === 'string');
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1) ?? '';
}

describe('conformance runner', () => {
  it('passes every shipped case; the official draft7 folder meets the suite-mode targets beside plain ajv from the same run', () => {
    const { status, stdout, stderr } = run();
    expect(stderr).toBe('');
    expect(stdout).not.toContain('FAIL ');
    expect(lastLine(stdout)).toMatch(/^[1-9]\d* passed, 0 failed, [1-9]\d* skipped, \d+ optional not passed$/);
    expect(status).toBe(0);

    const figures = (collection: string): { passed: number; failed: number; skipped: number; total: number; baseline: number } => {
      const line = stdout.split('\n').find((l) => l.startsWith('suite mode, ') && l.includes(`${collection}:`)) ?? '';
      const match =
        /: (\d+) passed, (\d+) (?:failed|not passed), (\d+) skipped of (\d+); plain ajv 8 \+ ajv-formats: (\d+) passed of \4$/.exec(line);
      expect(match, `a figures line for ${collection}`).not.toBeNull();
      const [passed, failed, skipped, total, baseline] = (match ?? []).slice(1).map(Number) as [number, number, number, number, number];
      return { passed, failed, skipped, total, baseline };
    };
    const core = figures('json-schema-test-suite/tests/draft7');
    expect(core.total).toBe(927);
    expect(core.passed).toBeGreaterThanOrEqual(919);
    expect(core.failed).toBe(0);
    expect(core.skipped).toBeLessThanOrEqual(8);
    expect(core.passed).toBeGreaterThanOrEqual(core.baseline);
    const optional = figures('json-schema-test-suite/tests/draft7/optional');
    expect(optional.total).toBeGreaterThan(700);
    expect(optional.passed).toBeGreaterThanOrEqual(optional.baseline);

    // each shipped case file says which schema version its cases ran against: the version each case
    // names, current or published before (never pinned to whichever version is current today)
    const guestVersions = new Set(shippedCases('guest').map((c) => c.schema));
    expect(guestVersions.size).toBeGreaterThan(0);
    for (const tag of guestVersions) {
      expect(stdout).toMatch(
        new RegExp(
          `^RAN tests/conformance/cases/guest\\.json: .*\\d+ cases? against ${tag} \\((current|published; current is \\d+)\\)`,
          'm',
        ),
      );
    }
    expect(stdout).not.toMatch(/^RAN .*untagged/m);
  }, 180_000);

  it('with --from-records runs every shipped case against the validator compiled from the record of the version it names, as after the next bump', () => {
    const { status, stdout, stderr } = run('--from-records', join(root, 'tests', 'conformance', 'cases'));
    expect(stderr).toBe('');
    expect(stdout).not.toContain('FAIL ');
    const ran = stdout.split('\n').filter((line) => line.startsWith('RAN '));
    expect(ran.length).toBeGreaterThan(50);
    // every version a shipped case names is met through its published record, current or not
    for (const line of ran) {
      for (const part of line.replace(/^RAN [^:]+: /, '').split(/, (?=\d+ cases? against)/)) {
        if (part.includes('the shared formats')) continue;
        expect(part).toMatch(/against [a-z-]+@\d+ \((current, compiled from its record|published; current is \d+)\)$/);
      }
    }
    expect(lastLine(stdout)).toMatch(/^[1-9]\d* passed, 0 failed$/);
    expect(status).toBe(0);
  }, 180_000);

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
      [
        'errors-on-valid',
        [{ schema: 'sign-in-password', data: {}, valid: true, errors: ['/account'] }],
        /a valid case cannot list "errors"/,
      ],
      ['both-kinds', [{ format: 'mobile', schema: 'guest', value: 'x', data: {}, valid: true }], /exactly one of "format"/],
    ];
    const files = malformed.map(([label, content]) => caseFile(`malformed-${label}.json`, content));
    const good = caseFile('good.json', [{ format: 'mobile', value: '12812345678', valid: true }]);
    const { status, stderr, stdout } = run(good, ...files);
    for (const [, , message] of malformed) expect(stderr).toMatch(message);
    expect(
      stderr
        .trim()
        .split('\n')
        .every((line) => line.startsWith('MALFORMED ')),
    ).toBe(true);
    expect(stdout).toBe('');
    expect(status).toBe(2);
  }, 30_000);

  it('runs JSON-Schema-Test-Suite files in suite mode: false claims fail, unknown formats are annotations, known ones are checked', () => {
    const file = caseFile('suite.json', [
      {
        description: 'maxLength counts characters',
        specification: [{ validation: '6.3.1' }],
        schema: { type: 'string', maxLength: 2 },
        tests: [
          { description: 'two characters', data: '张三', valid: true },
          { description: 'false claim', data: 'abc', valid: true },
        ],
      },
      {
        description: 'a format nobody knows',
        schema: { format: 'no-such-format' },
        tests: [{ description: 'any string', data: 'x', valid: true }],
      },
      {
        description: 'a format draft-07 names',
        schema: { format: 'ipv4' },
        tests: [
          { description: 'an address', data: '192.168.0.1', valid: true },
          { description: 'not an address', data: '256.1.1.1', valid: false },
        ],
      },
    ]);
    const { status, stdout } = run(file);
    expect(stdout).toMatch(
      /FAIL .*suite\.json #0\.1: group "maxLength counts characters", test "false claim": found the data invalid, expected valid/,
    );
    expect(stdout).toMatch(/^suite mode, core .*: 4 passed, 1 failed, 0 skipped of 5; plain ajv 8 \+ ajv-formats: 4 passed of 5$/m);
    expect(lastLine(stdout)).toBe('4 passed, 1 failed');
    expect(status).toBe(1);
  }, 30_000);

  it("serves the suite's remotes as http://localhost:1234/ and resolves URN, $id and meta-schema refs", () => {
    const file = caseFile('refs.json', [
      {
        description: 'remote',
        schema: { $ref: 'http://localhost:1234/integer.json' },
        tests: [
          { description: 'integer', data: 1, valid: true },
          { description: 'string', data: 'a', valid: false },
        ],
      },
      {
        description: 'URN',
        schema: { $id: 'urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed', definitions: { s: { type: 'string' } }, $ref: '#/definitions/s' },
        tests: [
          { description: 'string', data: 'a', valid: true },
          { description: 'number', data: 1, valid: false },
        ],
      },
      {
        description: 'meta-schema',
        schema: { $ref: 'http://json-schema.org/draft-07/schema#' },
        tests: [
          { description: 'a schema', data: { type: 'string' }, valid: true },
          { description: 'not one', data: { type: 12 }, valid: false },
        ],
      },
    ]);
    const { status, stdout } = run(file);
    expect(stdout).not.toContain('FAIL ');
    expect(lastLine(stdout)).toBe('6 passed, 0 failed');
    expect(status).toBe(0);
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

  it("runs the project's own draft-06/07 keyword groups in suite mode, every one passing", () => {
    const { status, stdout, stderr } = run(join(root, 'tests', 'conformance', 'draft7-keywords', 'groups'));
    expect(stderr).toBe('');
    expect(stdout).not.toContain('FAIL ');
    expect(lastLine(stdout)).toMatch(/^(?:[2-9]\d\d|\d{4,}) passed, 0 failed$/);
    expect(status).toBe(0);
  }, 60_000);

  it('does not count strict-mode refusals as failures in suite mode (draft-07: a lone "if" has no effect), while the app compilation stays strict', () => {
    const schema = { if: { const: 0 } };
    const file = caseFile('if-alone.json', [
      { description: 'if without then or else', schema, tests: [{ description: 'any', data: 1, valid: true }] },
    ]);
    const { status, stdout } = run(file);
    expect(lastLine(stdout)).toBe('1 passed, 0 failed');
    expect(status).toBe(0);
    expect(() => compileValidatorModule({ $id: 'https://suite.invalid/if.json', ...schema }, '.', '//')).toThrow(/strict mode/);
  }, 30_000);

  it('runs a case against the published version it names and says so; an unpublished version is malformed', () => {
    // a shipped valid version-2 document with the sign-up window; version 1 had none of those fields
    const shipped = JSON.parse(readFileSync(join(root, 'tests', 'conformance', 'cases', 'activity.json'), 'utf8')) as {
      name: string;
      data: unknown;
    }[];
    const data = shipped.find((c) => c.name === 'sign-up window, entourage and visible guest types')?.data;
    expect(data).toBeDefined();
    const file = caseFile('versions.json', [
      {
        name: 'v1 refuses the v2 fields',
        schema: 'activity@1',
        data,
        valid: false,
        errors: ['/signUpStart', '/signUpEnd', '/allowEntourage', '/visibleGuestTypes'],
      },
      { name: 'v2 takes them', schema: 'activity@2', data, valid: true },
    ]);
    const { stdout } = run(file);
    expect(stdout).toMatch(/RAN .*versions\.json: 1 case against activity@1 \(published; current is \d+\), 1 case against activity@2/);
    expect(stdout).not.toContain('FAIL ');
    const wrong = caseFile('unpublished.json', [{ schema: 'guest@99', data: {}, valid: false }]);
    const malformed = run(wrong);
    expect(malformed.stderr).toMatch(/MALFORMED .*unpublished\.json: case #0: guest@99 is not a published version of guest/);
    expect(malformed.status).toBe(2);
  }, 60_000);

  it('reports a missing path as malformed', () => {
    const { status, stderr } = run(join(tmp, 'does-not-exist.json'));
    expect(stderr).toMatch(/MALFORMED .*does-not-exist\.json: no such file or folder/);
    expect(status).toBe(2);
  }, 30_000);
});

describe.skipIf(!chromiumAvailable())('conformance runner --browser', () => {
  it('runs the given case and suite files in Chromium as well and reports that the verdicts agree with Node', () => {
    const cases = caseFile('browser-cases.json', [
      { name: 'older version', schema: 'activity@1', data: {}, valid: false },
      {
        name: 'current version',
        schema: 'sign-in-password@1',
        data: {},
        valid: false,
        errors: ['/account', '/password', '/code', '/uuid'],
      },
      { name: 'a format', format: 'mobile', value: '13812345678', valid: true },
    ]);
    const multipleOf = join(root, 'tests', 'conformance', 'json-schema-test-suite', 'tests', 'draft7', 'multipleOf.json');
    const { status, stdout, stderr } = run('--browser', cases, multipleOf);
    expect(stderr).toBe('');
    expect(stdout).not.toContain('DIFFER ');
    expect(stdout).toMatch(/^browser: 3 cases and \d+ suite tests run in Chromium and Node, 0 differ$/m);
    expect(status).toBe(0);
  }, 120_000);

  it('a case that fails in Node fails in Chromium alike (no DIFFER), and the run fails', () => {
    const cases = caseFile('browser-false.json', [{ name: 'false claim', format: 'mobile', value: '12812345678', valid: true }]);
    const { status, stdout } = run('--browser', cases);
    expect(stdout).toMatch(/FAIL .*browser-false\.json #0/);
    expect(stdout).toMatch(/^browser: 1 cases and 0 suite tests run in Chromium and Node, 0 differ$/m);
    expect(status).toBe(1);
  }, 120_000);
});
