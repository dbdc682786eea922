import { describe, expect, it } from 'vitest';
import { EXACT_TOTAL_UP_TO, ListTotals } from '../../src/server/db/list-totals.js';

/** A list of `rows` rows, counting what each count call was asked. */
function list(rows: { n: number }) {
  const calls: string[] = [];
  return {
    calls,
    countUpTo: async (limit: number) => {
      calls.push(`up to ${limit}`);
      return Math.min(rows.n, limit);
    },
    countAll: async () => {
      calls.push('all');
      return rows.n;
    },
  };
}

describe('list totals', () => {
  it('counts a short list exactly on every page, never in full', async () => {
    const rows = { n: 120 };
    const totals = new ListTotals(10_000);
    const { calls, countUpTo, countAll } = list(rows);
    expect(await totals.total('k', countUpTo, countAll)).toBe(120);
    rows.n = 121;
    expect(await totals.total('k', countUpTo, countAll)).toBe(121);
    expect(calls).toEqual([`up to ${EXACT_TOTAL_UP_TO + 1}`, `up to ${EXACT_TOTAL_UP_TO + 1}`]);
  });

  it('counts a long list in full once per period and list, then again when it is over', async () => {
    let now = 1_000;
    const rows = { n: 80_000 };
    const totals = new ListTotals(10_000, () => now);
    const { calls, countUpTo, countAll } = list(rows);
    expect(await totals.total('k', countUpTo, countAll)).toBe(80_000);
    rows.n = 80_001;
    now += 9_999;
    expect(await totals.total('k', countUpTo, countAll)).toBe(80_000);
    expect(await totals.total('other filter', countUpTo, countAll)).toBe(80_001);
    now += 2;
    expect(await totals.total('k', countUpTo, countAll)).toBe(80_001);
    expect(calls.filter((call) => call === 'all')).toHaveLength(3);
  });

  it('counts every page in full when keeping is off (0 ms), and a list that shrank is exact again', async () => {
    const rows = { n: 9_000 };
    const off = new ListTotals(0);
    const counted = list(rows);
    await off.total('k', counted.countUpTo, counted.countAll);
    await off.total('k', counted.countUpTo, counted.countAll);
    expect(counted.calls.filter((call) => call === 'all')).toHaveLength(2);

    const kept = new ListTotals(60_000);
    const again = list(rows);
    expect(await kept.total('k', again.countUpTo, again.countAll)).toBe(9_000);
    rows.n = 40;
    expect(await kept.total('k', again.countUpTo, again.countAll)).toBe(40);
  });
});
