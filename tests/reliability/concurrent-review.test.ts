/**
 * Found by the fuzz on PostgreSQL: two review batches sharing guests in different orders
 * deadlocked (500 "deadlock detected"). Both must be answered 200, on both databases.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../server/helpers/databases.js';
import { useTestApp } from '../server/helpers/test-app.js';
import { addGuest, caller, ENTERPRISE, movableClock, ORGANISER } from '../server/guests-harness.js';

describeEachDatabase('concurrent review batches', (kind) => {
  const time = movableClock();
  const t = useTestApp(kind, {}, { clock: time.clock });

  it('decides batches that share guests in opposite orders without a deadlock', async () => {
    const unit = await caller(t, ENTERPRISE);
    const organiser = await caller(t, ORGANISER);
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) ids.push((await addGuest(unit, t, ENTERPRISE, 800 + i)).id);
    const statuses: number[] = [];
    for (let round = 0; round < 8; round += 1) {
      const decision = round % 2 === 0 ? 'approve' : 'reject';
      const answers = await Promise.all([
        organiser.post('admin/review/decide', { ids, decision, reason: 'x' }),
        organiser.post('admin/review/decide', { ids: [...ids].reverse(), decision, reason: 'x' }),
      ]);
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses).toEqual(statuses.map(() => 200));
  });
});
