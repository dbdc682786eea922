import { describe, expect, it } from 'vitest';
import { keysetRows, mapRows } from '../../src/server/exports/keyset-rows.js';

const ROWS = Array.from({ length: 10 }, (_, i) => ({ id: i }));

/** A keyset-paged source over ROWS that records the keys it was asked for. */
function source(fail?: (after: { id: number } | null) => boolean) {
  const asked: (number | null)[] = [];
  const readPage = async (after: { id: number } | null, limit: number) => {
    asked.push(after?.id ?? null);
    if (fail?.(after)) throw new Error('page failed');
    return ROWS.filter((row) => after === null || row.id > after.id).slice(0, limit);
  };
  return { asked, readPage };
}

async function all<Row>(rows: AsyncIterable<Row>): Promise<Row[]> {
  const out: Row[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe('keysetRows', () => {
  for (const readAhead of [false, true]) {
    it(`gives every row once, in order, each page after the last row of the one before (read ahead: ${readAhead})`, async () => {
      const { asked, readPage } = source();
      expect(await all(keysetRows(readPage, 3, readAhead))).toEqual(ROWS);
      expect(asked).toEqual([null, 2, 5, 8]);
    });
  }

  it('stops after a short page without asking again', async () => {
    const { asked, readPage } = source();
    expect(await all(keysetRows(readPage, 4))).toHaveLength(10);
    expect(asked).toEqual([null, 3, 7]);
  });

  it('fails with the page that failed', async () => {
    const { readPage } = source((after) => after?.id === 2);
    await expect(all(keysetRows(readPage, 3))).rejects.toThrow('page failed');
  });

  it('lets a reader stop early while the next page, read ahead, fails (no unhandled rejection)', async () => {
    const { asked, readPage } = source((after) => after?.id === 2);
    for await (const row of keysetRows(readPage, 3, true)) if (row.id === 1) break;
    expect(asked).toEqual([null, 2]);
    // an unhandled rejection would fail the run after this tick
    await new Promise((resolve) => setImmediate(resolve));
  });

  it('converts rows as they pass (mapRows)', async () => {
    const { readPage } = source();
    expect(await all(mapRows(keysetRows(readPage, 4), (row) => row.id * 2))).toEqual(ROWS.map((row) => row.id * 2));
  });
});
