import { describe, expect, it, vi } from 'vitest';
import { isAppError } from '../../src/server/http/app-error.js';
import { HashTurns } from '../../src/server/auth/hash-turns.js';
import { PasswordHasher } from '../../src/server/auth/password-hash.js';

describe('turns promised by a full hash queue (issue 18 point 9)', () => {
  it('hands out turns in order one step apart, each ticket good once, at its time, from this process only', () => {
    const turns = new HashTurns();
    const now = 1_000_000;
    const first = turns.promise(now + 600, 400, now);
    const second = turns.promise(now + 600, 400, now);
    expect([first.retryAfterSeconds, second.retryAfterSeconds]).toEqual([1, 2]);
    // too early (more than 1.5 s before its turn), then at its time, then never again
    expect(turns.redeem(second.ticket, now - 500)).toBe(false);
    expect(turns.redeem(second.ticket, now + 1_400)).toBe(true);
    expect(turns.redeem(second.ticket, now + 1_500)).toBe(false);
    // too late, forged, another process's
    expect(turns.redeem(first.ticket, now + 1_000 + 46_000)).toBe(false);
    const [turn, id] = first.ticket.split('.');
    expect(turns.redeem(`${turn}.${id}.forged`, now + 1_000)).toBe(false);
    expect(new HashTurns().redeem(first.ticket, now + 1_000)).toBe(false);
    expect(turns.redeem(undefined, now)).toBe(false);
  });

  it('admits a sign-in that comes back with its ticket while the queue is still full', () => {
    const hasher = new PasswordHasher({ log2N: 17, r: 8, p: 1 }, 1, 7_000);
    const held = Array.from({ length: 18 }, () => hasher.admit());
    let ticket = '';
    try {
      hasher.admit();
    } catch (error) {
      ticket = isAppError(error) ? String(error.params.turnTicket) : '';
    }
    expect(ticket).not.toBe('');
    // still full: without the ticket refused, with it admitted (its turn is within 1.5 s), once
    expect(() => hasher.admit()).toThrow();
    const admitted = hasher.admit(ticket);
    expect(() => hasher.admit(ticket)).toThrow();
    admitted.release();
    held.forEach((admission) => admission.release());
  });

  it('names a far turn in waits of at most 30 s; a ticket that comes early keeps its turn', () => {
    const turns = new HashTurns();
    const now = 2_000_000;
    const far = turns.promise(now + 70_000, 500, now);
    expect(far.retryAfterSeconds).toBe(30);
    const read = turns.read(far.ticket, now + 30_000);
    expect(read && turns.due(read, now + 30_000)).toBe(false);
    expect(read && turns.remaining(read, now + 30_000)).toBe(30);
    expect(read && turns.remaining(read, now + 60_000)).toBe(11);
    expect(turns.redeem(far.ticket, now + 69_000)).toBe(true);
  });

  it('a ticket holder the machine fell behind for gets the first new turn, before later promises', () => {
    const turns = new HashTurns();
    const now = 3_000_000;
    const promised = Array.from({ length: 5 }, () => turns.promise(now + 1_000, 1_000, now));
    expect(promised.map((p) => p.retryAfterSeconds)).toEqual([2, 3, 4, 5, 6]);
    expect(turns.promise(now + 1_000, 1_000, now, true).retryAfterSeconds).toBe(2);
    expect(turns.promise(now + 1_000, 1_000, now).retryAfterSeconds).toBe(7);
  });

  it('admits a ticket that comes early once the queue has room: a ticket is never refused while a newcomer would get in', () => {
    const hasher = new PasswordHasher({ log2N: 17, r: 8, p: 1 }, 1, 4_000);
    const held = Array.from({ length: 11 }, () => hasher.admit());
    // the last of many refusals: its turn is far ahead
    const tickets: string[] = [];
    for (let n = 0; n < 200; n += 1) {
      try {
        hasher.admit();
      } catch (error) {
        tickets.push(isAppError(error) ? String(error.params.turnTicket) : '');
      }
    }
    const furthest = tickets.at(-1)!;
    expect(Number(furthest.split('.')[0])).toBeGreaterThan(Date.now() + 60_000);
    // still full: refused with its own turn
    expect(() => hasher.admit(furthest)).toThrow();
    // the load is over (the queue empties): admitted at once, as a newcomer would be
    held.forEach((admission) => admission.release());
    const admitted = hasher.admit(furthest);
    admitted.release();
  });

  it('ticket holders the machine fell behind for come back one step apart, in order, not all at once', () => {
    const turns = new HashTurns();
    const now = 4_000_000;
    const renewed = Array.from({ length: 4 }, () => turns.promise(now + 1_000, 1_000, now, true).retryAfterSeconds);
    expect(renewed).toEqual([2, 3, 4, 5]);
  });

  it('refuses an early ticket with the same ticket; a ticket at its time past even its larger bound gets a new turn', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const hasher = new PasswordHasher({ log2N: 17, r: 8, p: 1 }, 1, 4_000);
      const refusal = (turnTicket?: string) => {
        try {
          return { admitted: hasher.admit(turnTicket), retryAfterSeconds: 0, ticket: '' };
        } catch (error) {
          if (!isAppError(error)) throw error;
          return { admitted: null, retryAfterSeconds: Number(error.params.retryAfterSeconds), ticket: String(error.params.turnTicket) };
        }
      };
      // 1 slot, 400 ms per hash: 11 places for newcomers (4 s), 16 for ticket holders (6 s)
      const held = Array.from({ length: 11 }, () => hasher.admit());
      const tickets = Array.from({ length: 7 }, () => refusal().ticket);
      expect(tickets.every((ticket) => ticket !== '')).toBe(true);
      const early = refusal(tickets[6]);
      expect(early.ticket).toBe(tickets[6]);
      expect(early.retryAfterSeconds).toBeGreaterThan(1);
      vi.setSystemTime(Date.now() + 4_000);
      const back = tickets.map((ticket) => refusal(ticket));
      expect(back.map((b) => b.admitted !== null)).toEqual([true, true, true, true, true, false, false]);
      const renewed = back[6]!;
      expect(renewed.ticket).not.toBe(tickets[6]);
      [...held, ...back.slice(0, 5).map((b) => b.admitted!)].forEach((admission) => admission.release());
      vi.setSystemTime(Date.now() + renewed.retryAfterSeconds * 1_000);
      const last = refusal(renewed.ticket);
      expect(last.admitted).not.toBeNull();
      last.admitted!.release();
    } finally {
      vi.useRealTimers();
    }
  });
});
