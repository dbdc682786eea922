/** The order of lists that come whole: the one comparison the client's list and the server's export both sort with. */
import { describe, expect, it } from 'vitest';
import { sortedWhole } from '../../src/shared/whole-list-order.js';

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

describe('sortedWhole', () => {
  it('collates Chinese names by pinyin, and keeps the list’s own order for equal names either way', () => {
    const rows = [
      { id: 'a', name: '张三' },
      { id: 'b', name: '阿明' },
      { id: 'c', name: '李四' },
      { id: 'd', name: '阿明' },
    ];
    expect(ids(sortedWhole(rows, { sort: 'name' }))).toEqual(['b', 'd', 'c', 'a']);
    expect(ids(sortedWhole(rows, { sort: 'name', order: 'desc' }))).toEqual(['a', 'c', 'b', 'd']);
  });

  it('compares times as instants (whatever their offset), numbers as numbers, codes with numbers in them by those numbers', () => {
    const rows = [
      { id: 'late', at: '2027-06-01T10:00:00+08:00', used: 10, code: 'TMP10' },
      { id: 'early', at: '2027-06-01T03:00:00.000Z', used: 9, code: 'TMP9' },
    ];
    // 10:00+08:00 is 02:00Z: before 03:00Z, though its text sorts after
    expect(ids(sortedWhole(rows, { sort: 'at' }))).toEqual(['late', 'early']);
    expect(ids(sortedWhole(rows, { sort: 'used' }))).toEqual(['early', 'late']);
    expect(ids(sortedWhole(rows, { sort: 'code' }))).toEqual(['early', 'late']);
  });

  it('puts blanks last going up and first going down (as the databases do), and reads a field of the stored document', () => {
    const rows = [
      { id: 'none', hotelName: null, document: {} },
      { id: 'b', hotelName: '海景酒店', document: { nameZh: '乙' } },
      { id: 'a', hotelName: '白云宾馆', document: { nameZh: '甲' } },
    ];
    expect(ids(sortedWhole(rows, { sort: 'hotelName' }))).toEqual(['a', 'b', 'none']);
    expect(ids(sortedWhole(rows, { sort: 'hotelName', order: 'desc' }))).toEqual(['none', 'b', 'a']);
    expect(ids(sortedWhole(rows, { sort: 'nameZh' }))).toEqual(['a', 'b', 'none']);
  });

  it('leaves the list’s own order without a sort, and does not change the rows it was given', () => {
    const rows = [
      { id: 'x', speaker: true },
      { id: 'y', speaker: false },
    ];
    expect(ids(sortedWhole(rows, {}))).toEqual(['x', 'y']);
    expect(ids(sortedWhole(rows, { sort: 'speaker' }))).toEqual(['y', 'x']);
    expect(ids(rows)).toEqual(['x', 'y']);
  });
});
