import { describe, expect, it } from 'vitest';
import { isAppError } from '../../src/server/http/app-error.js';
import { HashTurns } from '../../src/server/security/hash-turns.js';
import { PasswordHasher } from '../../src/server/security/password-hash.js';

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
});
