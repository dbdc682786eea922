/** Writing generated files, and the drift check that compares them with what is on disk. */
import fs from 'node:fs';
import path from 'node:path';

/** Generated files on disk under outDir (recursively). */
function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

export interface DriftReport {
  missing: string[];
  changed: string[];
  extra: string[];
}

export function findDrift(files: Map<string, string>, outDir: string): DriftReport {
  const report: DriftReport = { missing: [], changed: [], extra: [] };
  for (const [file, content] of files) {
    if (!fs.existsSync(file)) report.missing.push(file);
    else if (fs.readFileSync(file, 'utf8') !== content) report.changed.push(file);
  }
  for (const file of listFiles(outDir)) if (!files.has(file)) report.extra.push(file);
  return report;
}

export function driftMessage(report: DriftReport, root: string): string | null {
  const rel = (file: string): string => path.relative(root, file);
  const lines = [
    ...report.missing.map((f) => `  missing: ${rel(f)}`),
    ...report.changed.map((f) => `  stale:   ${rel(f)}`),
    ...report.extra.map((f) => `  extra:   ${rel(f)} (no schema produces it)`),
  ];
  if (lines.length === 0) return null;
  return `Generated files are out of date with schemas/ (run \`npm run codegen\` and commit the result):\n${lines.join('\n')}`;
}

/** Writes only what changed and removes generated files no schema produces any more. */
export function writeFiles(files: Map<string, string>, outDir: string): number {
  const report = findDrift(files, outDir);
  for (const file of [...report.missing, ...report.changed]) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, files.get(file) as string);
  }
  for (const file of report.extra) fs.rmSync(file);
  return report.missing.length + report.changed.length + report.extra.length;
}
