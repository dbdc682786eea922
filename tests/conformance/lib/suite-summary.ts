/**
 * The suite-mode figures, one line per collection of suite files (the suite's `tests/draft7`, its
 * `optional/` folder, or a folder of other suite files), each beside plain ajv 8 + ajv-formats on
 * the same tests in the same run (plain-ajv-baseline.ts). Optional tests are ones draft-07 lets a
 * validator fail, so their failures are listed but only fail the run when suite mode passes fewer
 * of them than the baseline.
 */
import { dirname } from 'node:path';
import type { PlannedTest } from './suite-run';

export type Outcome = 'passed' | 'failed' | 'skipped';

interface Tally {
  optional: boolean;
  passed: number;
  failed: number;
  skipped: number;
  baselinePassed: number;
}

/** `…/tests/draft7/optional/format/x.json` -> `…/tests/draft7/optional`; `…/tests/draft7/ref.json` -> `…/tests/draft7`; else the folder. */
export function collectionOf(file: string): string {
  const normalised = file.split('\\').join('/');
  const optional = /^(.*\/optional)\//.exec(normalised);
  if (optional?.[1]) return optional[1];
  const draft = /^(.*\/tests\/draft[^/]+)\//.exec(normalised);
  return draft?.[1] ?? dirname(normalised);
}

export class SuiteFigures {
  private readonly tallies = new Map<string, Tally>();

  add(test: PlannedTest, outcome: Outcome, baselinePassed: boolean): void {
    const key = collectionOf(test.file);
    let tally = this.tallies.get(key);
    if (!tally) {
      tally = { optional: test.optional, passed: 0, failed: 0, skipped: 0, baselinePassed: 0 };
      this.tallies.set(key, tally);
    }
    tally[outcome] += 1;
    if (baselinePassed) tally.baselinePassed += 1;
  }

  total(part: 'core' | 'optional', outcome: Outcome): number {
    return [...this.tallies.values()].filter((t) => t.optional === (part === 'optional')).reduce((sum, t) => sum + t[outcome], 0);
  }

  lines(): string[] {
    return [...this.tallies.entries()].map(([collection, t]) => {
      const all = t.passed + t.failed + t.skipped;
      const kind = t.optional ? 'optional' : 'core';
      const failed = t.optional ? `${t.failed} not passed` : `${t.failed} failed`;
      return `suite mode, ${kind} ${collection}: ${t.passed} passed, ${failed}, ${t.skipped} skipped of ${all}; plain ajv 8 + ajv-formats: ${t.baselinePassed} passed of ${all}`;
    });
  }

  /** Optional collections where suite mode passes fewer tests than plain ajv. */
  optionalBelowBaseline(): string[] {
    return [...this.tallies.entries()].filter(([, t]) => t.optional && t.passed < t.baselinePassed).map(([collection]) => collection);
  }
}
