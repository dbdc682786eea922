import { describe, expect, it } from 'vitest';
import { ScanQueue, type PendingScan, type SendOutcome } from '../../src/client/screens/door/scan-queue';
import type { DoorScanResult } from '../../src/shared/door-api';

const answered = (token: string): SendOutcome => ({
  kind: 'answered',
  result: {
    outcome: 'checked-in',
    nameZh: token,
    nameEn: null,
    unitName: '',
    photo: null,
    first: { scannedAt: '', station: '' },
  } as DoorScanResult,
});

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => values.delete(key),
    setItem: (key, value) => values.set(key, value),
  };
}

describe('the check-in screen keeps scans made without network', () => {
  it('keeps an offline scan with its own time, sends the kept scans in order once back, and drops a refused one', async () => {
    let online = false;
    const sent: PendingScan[] = [];
    const send = async (scan: PendingScan): Promise<SendOutcome> => {
      if (!online) return { kind: 'offline' };
      sent.push(scan);
      return scan.token === 'forged' ? { kind: 'refused', message: 'not valid' } : answered(scan.token);
    };
    const storage = memoryStorage();
    const queue = new ScanQueue(storage, send);
    expect((await queue.submit({ token: 'a', scannedAt: '2027-06-17T01:00:00.000Z', station: 'Gate' })).kind).toBe('offline');
    await queue.submit({ token: 'forged', scannedAt: '2027-06-17T01:01:00.000Z', station: 'Gate' });
    await queue.submit({ token: 'b', scannedAt: '2027-06-17T01:02:00.000Z', station: 'Gate' });
    // a reload of the page finds them where they were kept
    expect(new ScanQueue(storage, send).pending().map((scan) => scan.token)).toEqual(['a', 'forged', 'b']);
    expect(await queue.flush()).toEqual([]);

    online = true;
    const outcomes = await queue.flush();
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['answered', 'refused', 'answered']);
    expect(sent.map((scan) => [scan.token, scan.scannedAt])).toEqual([
      ['a', '2027-06-17T01:00:00.000Z'],
      ['forged', '2027-06-17T01:01:00.000Z'],
      ['b', '2027-06-17T01:02:00.000Z'],
    ]);
    expect(queue.pending()).toEqual([]);
  });
});
