/** The skip list's matching rules and its staleness check (an entry that excuses nothing is an error). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSkipList, OWN_SUITE_ROOT, SkipMatcher, SUITE_ROOT, suiteRelativeName } from './lib/suite-skips';

function groupSize(file: string, group: string | undefined): number {
  const groups = JSON.parse(readFileSync(join(SUITE_ROOT, '..', file), 'utf8')) as { description: string; tests: unknown[] }[];
  return groups.filter((g) => group === undefined || g.description === group).reduce((sum, g) => sum + g.tests.length, 0);
}

describe('JSON-Schema-Test-Suite skip list', () => {
  it('names files of both suite folders relative to tests/conformance, and nothing outside them', () => {
    expect(suiteRelativeName(join(SUITE_ROOT, 'tests', 'draft7', 'ref.json'))).toBe('json-schema-test-suite/tests/draft7/ref.json');
    expect(suiteRelativeName(join(OWN_SUITE_ROOT, 'groups', 'const.json'))).toBe('draft7-keywords/groups/const.json');
    expect(suiteRelativeName('/tmp/my-own/ref.json')).toBeUndefined();
    expect(suiteRelativeName(join(SUITE_ROOT, '..', 'cases', 'guest.json'))).toBeUndefined();
  });

  it('reads the skip list of each suite folder, naming files as suiteRelativeName does', () => {
    const files = new Set(loadSkipList().map((entry) => entry.file));
    expect(files).toContain('json-schema-test-suite/tests/draft7/ref.json');
    // suite mode runs every draft-06/07 group of our own: their list is empty, but must exist and parse
    expect([...files].filter((file) => file.startsWith('draft7-keywords/'))).toEqual([]);
  });

  it('excuses at most 8 tests of the official core files, none of them "ref overrides any sibling keywords"', () => {
    const entries = loadSkipList().filter(
      (entry) => entry.file.startsWith('json-schema-test-suite/tests/draft7/') && !entry.file.includes('/optional/'),
    );
    expect(entries.map((entry) => entry.group)).not.toContain('ref overrides any sibling keywords');
    // an entry is one test, or a whole group: count the tests each excuses
    const excused = entries.reduce((sum, entry) => sum + (entry.test !== undefined ? 1 : groupSize(entry.file, entry.group)), 0);
    expect(excused).toBeLessThanOrEqual(8);
  });

  it('skips a whole group or one test, and reports entries that matched nothing', () => {
    const matcher = new SkipMatcher([
      { file: 'draft7/a.json', group: 'g1', reason: 'whole group' },
      { file: 'draft7/a.json', group: 'g2', test: 't2', reason: 'one test' },
      { file: 'draft7/a.json', group: 'gone', reason: 'stale' },
      { file: 'draft7/b.json', reason: 'other file' },
    ]);
    expect(matcher.reason('draft7/a.json', 'g1')).toBe('whole group');
    expect(matcher.reason('draft7/a.json', 'g2')).toBeUndefined();
    expect(matcher.reason('draft7/a.json', 'g2', 't1')).toBeUndefined();
    expect(matcher.reason('draft7/a.json', 'g2', 't2')).toBe('one test');
    expect(matcher.reason(undefined, 'g1')).toBeUndefined();
    expect(matcher.unused(['draft7/a.json']).map((e) => e.reason)).toEqual(['stale']);
  });

  it('gives every shipped entry a reason', () => {
    const entries = loadSkipList();
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.reason.length).toBeGreaterThan(40);
  });
});
