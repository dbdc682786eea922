import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each table is declared once, by the folder that owns it (issue 27, rule 4): either added to
 * the `Database` registry of db/tables.ts by module augmentation, or as a `...Tables` record the
 * owner adds with Kysely's `withTables`. db/ itself declares none, and no code re-declares a
 * table (or a few of its columns) inline in a `withTables<{ ... }>` of its own.
 */
const SERVER = 'src/server';

/** inline table types that stay, each with why */
const INLINE_ALLOWED: Record<string, string> = {
  'src/server/uploads/upload-sweep.ts':
    "the sweep reads the temporary pages' file names (temporary_uploads shares the upload store); a shared folder may not import the temporary feature's table type",
};

/** tables the migrations create that no query names through Kysely's types */
const UNTYPED: Record<string, string> = {
  guest_name_positions: "SQLite's numbers 1..n that migration 0026's triggers join to cut a name's suffixes; read by SQL only",
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The keys of a `{ ... }` body that starts at `open` (the index of its brace), one level deep. */
function keysOfBody(text: string, open: number): string[] {
  let depth = 0;
  let end = open;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    if (text[i] === '}') depth -= 1;
    if (depth === 0) {
      end = i;
      break;
    }
  }
  const body = text.slice(open + 1, end);
  const keys: string[] = [];
  let level = 0;
  for (const line of body.split('\n')) {
    const match = /^\s*([a-z_]+)\??:/.exec(line);
    if (level === 0 && match) keys.push(match[1]!);
    level += (line.match(/\{/g) ?? []).length - (line.match(/\}/g) ?? []).length;
  }
  return keys;
}

interface Declaration {
  table: string;
  file: string;
}

function declarations(): Declaration[] {
  const found: Declaration[] = [];
  for (const file of sourceFiles(SERVER)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/declare module '[./]*\/?db\/tables\.js' \{\s*interface Database \{/g)) {
      const open = match.index + match[0].length - 1;
      for (const table of keysOfBody(text, open)) found.push({ table, file });
    }
    for (const match of text.matchAll(/export type \w+Tables = \{/g)) {
      const open = match.index + match[0].length - 1;
      for (const table of keysOfBody(text, open)) found.push({ table, file });
    }
  }
  return found;
}

function migratedTables(): string[] {
  const tables = new Set<string>();
  for (const file of sourceFiles(path.join(SERVER, 'db/migrations'))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/createTable\('([a-z_]+)'\)/g)) tables.add(match[1]!);
    for (const match of text.matchAll(/create table (?:if not exists )?([a-z_]+)/gi)) tables.add(match[1]!);
  }
  return [...tables].sort();
}

describe('tables and their owners', () => {
  const found = declarations();

  it('declares every table the migrations create, once, outside db/', () => {
    const byTable = new Map<string, string[]>();
    for (const { table, file } of found) byTable.set(table, [...(byTable.get(table) ?? []), file]);
    const twice = [...byTable].filter(([, files]) => files.length > 1);
    expect(twice).toEqual([]);
    expect(found.filter(({ file }) => file.startsWith(`${SERVER}/db/`))).toEqual([]);
    const expected = migratedTables().filter((table) => !(table in UNTYPED));
    expect([...byTable.keys()].sort()).toEqual(expected);
  });

  it('re-declares no table inline in a withTables call', () => {
    const inline = sourceFiles(SERVER)
      .filter((file) => !(file in INLINE_ALLOWED))
      .filter((file) => /withTables<\s*\{/.test(fs.readFileSync(file, 'utf8')));
    expect(inline).toEqual([]);
  });

  it('reads the tables of a registry block, not the columns of a table typed inline', () => {
    const text =
      "declare module '../../db/tables.js' {\n  interface Database {\n    guests: GuestTable;\n    notes: { id: string };\n  }\n}";
    const open = text.indexOf('{', text.indexOf('interface Database'));
    expect(keysOfBody(text, open)).toEqual(['guests', 'notes']);
  });
});
