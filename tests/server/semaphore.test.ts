import { describe, expect, it } from 'vitest';
import { QueueFullError, Semaphore } from '../../src/server/http/semaphore.js';

describe('semaphore', () => {
  it('runs at most the limit at once and refuses beyond the waiting room', async () => {
    const gate = new Semaphore(2, 1);
    let running = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const task = () =>
      gate.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
      });
    const started = [task(), task(), task()];
    await expect(task()).rejects.toBeInstanceOf(QueueFullError);
    // let each finished task hand its slot on until all three have run
    while (running > 0 || releases.length > 0) {
      releases.splice(0).forEach((release) => release());
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await Promise.all(started);
    expect(peak).toBe(2);
  });
});
