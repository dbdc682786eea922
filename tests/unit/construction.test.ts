import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Only src/server/composition.ts constructs the server's own classes: collaborators arrive as
 * constructor parameters, so there is one audit writer, one upload store, one face-detection
 * pool per process. Errors are values (thrown where they happen), and a few primitives belong
 * to the one object that holds them; both are listed here, each with why.
 */
const SERVER = 'src/server';
const COMPOSITION = 'src/server/composition.ts';

/** classes constructed where they are used, and why that is not "building a service" */
const PRIMITIVES: Record<string, string> = {
  Semaphore: 'a counter of running work, private to the object it bounds',
  HashTurns: "the password hasher's own queue bookkeeping",
  FaceWorkerThread: "one thread of the face detector's pool, started and stopped by it",
  DrainState: 'the graceful-shutdown flag of one app',
  RequestDurations: "the request-duration counters of one app's /metrics",
  StoredRecordsCache: 'the diffs one FormDrafts keeps while nothing is committed, private to it',
  StoredRecordsTally: 'the counts of one stored-records diff, made as its records are walked',
  LiveOpenApi: "one app's OpenAPI document, built from that app's own swagger() and routes as the published forms change",
  ReadableValues: 'a formatter of one language, built per request',
  LogDestination: 'the logger writes before any service exists',
  AccessLog: 'the logger writes before any service exists',
  LazyChildLogger: "a request's logger, made by Fastify for each request",
  ImmediateSqliteDialect: "Kysely's dialect plumbing, built with the connection",
  ImmediateSqliteDriver: "Kysely's dialect plumbing, built with the connection",
};

interface Construction {
  file: string;
  line: number;
  className: string;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
}

/** Project classes: declared in src/server, not errors (an `extends` chain ending in Error). */
export function projectClasses(files: ts.SourceFile[]): Set<string> {
  const parents = new Map<string, string | null>();
  for (const source of files) {
    source.forEachChild(function visit(node) {
      if (ts.isClassDeclaration(node) && node.name) {
        const heritage = node.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword);
        parents.set(node.name.text, heritage ? heritage.types[0]!.expression.getText(source) : null);
      }
      node.forEachChild(visit);
    });
  }
  const isError = (name: string, seen = new Set<string>()): boolean => {
    if (name.endsWith('Error')) return true;
    const parent = parents.get(name);
    if (!parent || seen.has(name)) return false;
    seen.add(name);
    return isError(parent, seen);
  };
  return new Set([...parents.keys()].filter((name) => !isError(name) && !(name in PRIMITIVES)));
}

/** Every `new X(...)` of a project class outside composition.ts. */
export function constructionsOutsideComposition(files: ts.SourceFile[], classes: Set<string>): Construction[] {
  const found: Construction[] = [];
  for (const source of files) {
    if (path.normalize(source.fileName) === path.normalize(COMPOSITION)) continue;
    source.forEachChild(function visit(node) {
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && classes.has(node.expression.text)) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.push({ file: source.fileName, line, className: node.expression.text });
      }
      node.forEachChild(visit);
    });
  }
  return found;
}

describe('construction', () => {
  const files = sourceFiles(SERVER).map(parse);
  const classes = projectClasses(files);

  it('finds the services it guards', () => {
    for (const name of ['Audit', 'Guests', 'UploadStorage', 'FaceDetector', 'AccountNames', 'DataProtection'])
      expect(classes).toContain(name);
    expect(classes).not.toContain('AppError');
  });

  it('builds project classes in src/server/composition.ts only', () => {
    const outside = constructionsOutsideComposition(files, classes).map((c) => `${c.file}:${c.line} new ${c.className}`);
    expect(outside).toEqual([]);
  });

  it('fails on a service built elsewhere', () => {
    const planted = ts.createSourceFile(
      'src/server/features/guests/planted.ts',
      'export function audit(db: Db) { return new Audit(db); }',
      ts.ScriptTarget.ES2022,
      true,
    );
    expect(constructionsOutsideComposition([planted], classes)).toEqual([{ file: planted.fileName, line: 1, className: 'Audit' }]);
  });
});
