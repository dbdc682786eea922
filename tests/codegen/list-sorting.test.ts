/**
 * Every declared list with columns either names the columns that sort it, each one a value of
 * its query schema's closed `sort` enum beside an `order` of asc|desc, or says why it does not
 * sort (`unsortedBecause`, an escape kept for a list that cannot sort; no list uses it now): a list
 * cannot lose its sorting, or gain a header that asks for an order the server refuses, without this failing.
 * A second walk holds every list to an export of what it shows (download), or a reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../codegen/pipeline.js';
import type { ListDeclaration } from '../../src/client/engine/screen-types.js';

const screensDir = path.join(projectRoot, 'ui-schemas/screens');
const lists = fs
  .readdirSync(screensDir)
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(fs.readFileSync(path.join(screensDir, file), 'utf8')) as ListDeclaration)
  .filter((declaration) => declaration.kind === 'list' && declaration.columns.length > 0);

type Property = { enum?: string[]; $ref?: string };
function querySchema(name: string): { properties: Record<string, Property> } {
  return JSON.parse(fs.readFileSync(path.join(projectRoot, 'schemas', `${name}.json`), 'utf8')) as { properties: Record<string, Property> };
}

describe('declared lists sort by their columns or say why not', () => {
  it('finds the lists', () => expect(lists.length).toBeGreaterThan(20));

  for (const list of lists) {
    it(list.id, () => {
      const sorts = list.columns.map((column) => column.sort).filter((sort): sort is string => Boolean(sort));
      if (sorts.length === 0) {
        expect(list.unsortedBecause, `${list.id}: no column sorts it and it does not say why`).toBeTruthy();
        return;
      }
      expect(list.unsortedBecause, `${list.id}: sorts, and says why it does not`).toBeUndefined();
      expect(list.query, `${list.id}: sortable columns need a query schema with sort and order`).toBeDefined();
      const { properties } = querySchema(list.query!.schema);
      expect(properties.sort?.enum, `${list.query!.schema}: no closed sort enum`).toBeDefined();
      expect(new Set(sorts).size).toBe(sorts.length);
      for (const sort of sorts) expect(properties.sort!.enum, `${list.id}: column sort ${sort}`).toContain(sort);
      expect(properties.order?.$ref).toBe('definitions.json#/definitions/sortOrder');
      // a list paged by its own parameter shares the URL with the screen's other list: its order needs names of its own
      if (list.pageParam) expect(list.sortParam, `${list.id}: paged by ${list.pageParam}, sorted under no names of its own`).toBeTruthy();
    });
  }
});

/**
 * Every declared list exports what it shows, through the declaration (`download`): a list that
 * loads its own pages always has one; a list its host fills (a part of a record the host loaded)
 * says why not (`unexportedBecause`). A list cannot lose its export, or be added without one.
 */
describe('declared lists export their filtered rows or say why not', () => {
  const allLists = fs
    .readdirSync(screensDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(fs.readFileSync(path.join(screensDir, file), 'utf8')) as ListDeclaration)
    .filter((declaration) => declaration.kind === 'list');

  it('finds the lists', () => expect(allLists.length).toBeGreaterThan(25));

  for (const list of allLists) {
    it(list.id, () => {
      const downloads = list.download === undefined ? [] : Array.isArray(list.download) ? list.download : [list.download];
      if (list.load) {
        expect(downloads.length, `${list.id}: loads its own pages and has no download`).toBeGreaterThan(0);
        expect(list.unexportedBecause, `${list.id}: exports, and says why it does not`).toBeUndefined();
        // an export is a download button, not a toolbar action of its own (the list's query goes with it, no page)
        for (const action of list.toolbarActions ?? [])
          expect(action.operation ?? '', `${list.id}: toolbar ${action.id}`).not.toMatch(/export/i);
        return;
      }
      if (downloads.length === 0) expect(list.unexportedBecause, `${list.id}: no download and it does not say why`).toBeTruthy();
      // a hosted list that exports (the host gives the record's id as its filter) no longer says why not
      else expect(list.unexportedBecause, `${list.id}: exports, and says why it does not`).toBeUndefined();
    });
  }
});
