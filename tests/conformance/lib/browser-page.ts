/**
 * The page side of `--browser` (bundled by browser-run.ts, never imported by Node code): every case
 * through checkCase, with the bundled older-version validators, and every suite test through its
 * bundled module. Mirrors nodeVerdicts and run-cases.ts, so Node and Chromium answer alike.
 */
import { checkCase, type OlderVersions, type VersionValidator } from './check-case';
import type { ConformanceCase } from './case-file';

type Validate = VersionValidator['validate'];
type Module = Record<string, Validate>;

export interface PageInput {
  cases: ConformanceCase[];
  suite: { module: string; key: string; data: unknown }[];
}

export interface PageAnswers {
  /** per case: the failure reason, or null when the case holds */
  cases: (string | null)[];
  /** per suite test: the verdict, or null when the validator threw or is missing */
  suite: (boolean | null)[];
}

function exported(mod: Module | undefined, key: string): Validate | undefined {
  return mod?.[key] ?? mod?.[key.replace(/#$/, '')];
}

export function answer(
  input: PageInput,
  older: Record<string, { module: Module; key: string; schema: unknown }>,
  suite: Record<string, Module>,
): PageAnswers {
  const olderVersions: OlderVersions = (name, version) => {
    const entry = older[`${name}@${version}`];
    const validate = entry ? exported(entry.module, entry.key) : undefined;
    return entry && validate ? { validate, schema: entry.schema } : undefined;
  };
  return {
    cases: input.cases.map((c) => checkCase(c, olderVersions) ?? null),
    suite: input.suite.map((t) => {
      try {
        const validate = exported(suite[t.module], t.key);
        return validate ? validate(t.data) : null;
      } catch {
        return null;
      }
    }),
  };
}
