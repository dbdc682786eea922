import type { Reporter, TestModule } from 'vitest/node';

/** How many files the summary names: enough to see growth, short enough to read every run. */
const SHOWN = 10;

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * Prints the slowest test files at the end of every run (issue 21), so a file that grows is seen
 * the day it grows. "total" is what the file cost its worker: environment, imports and tests.
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows = testModules
      .map((module) => {
        const diagnostic = module.diagnostic();
        const total = diagnostic.environmentSetupDuration + diagnostic.prepareDuration + diagnostic.collectDuration + diagnostic.duration;
        return {
          name: `${module.project.name}:${module.relativeModuleId}`,
          total,
          imports: diagnostic.collectDuration,
          tests: diagnostic.duration,
        };
      })
      .sort((a, b) => b.total - a.total)
      .slice(0, SHOWN);
    if (rows.length === 0) return;
    const lines = rows.map(
      (row) => `  ${seconds(row.total).padStart(8)}  (imports ${seconds(row.imports)}, tests ${seconds(row.tests)})  ${row.name}`,
    );
    process.stdout.write(`\nSlowest ${rows.length} test files:\n${lines.join('\n')}\n`);
  }
}
