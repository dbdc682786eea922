import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** how early a turn may be taken (Retry-After is in whole seconds, clocks round) */
const EARLY_MS = 1_500;
/** how long after its time a turn still holds (a client that waited its Retry-After plus the trip) */
const LATE_MS = 45_000;

/**
 * Turns promised to sign-ins the hash queue refused (issue 18 point 9). Each refusal gets the
 * next turn: when the queue ahead will have drained to the admission bound, after the turns
 * promised before it, one drain step apart. The turn travels as a ticket (its time, signed with
 * this process's key, single use): a client that comes back with it at its time is admitted
 * even if the estimate has grown since, so a sign-in is refused once at most while the machine
 * keeps the pace it promised.
 */
export class HashTurns {
  private readonly key = randomBytes(32);
  /** promised turn times, ms since the epoch, ascending */
  private promised: number[] = [];
  /** tickets redeemed, until they expire (no second use) */
  private readonly redeemed = new Map<string, number>();

  promise(roomAt: number, stepMs: number, now = Date.now()): { retryAfterSeconds: number; ticket: string } {
    while (this.promised.length > 0 && this.promised[0]! <= now) this.promised.shift();
    const turn = Math.round(Math.max(roomAt, this.promised.at(-1) ?? 0) + stepMs);
    this.promised.push(turn);
    const id = randomBytes(9).toString('base64url');
    return { retryAfterSeconds: Math.max(1, Math.ceil((turn - now) / 1000)), ticket: `${turn}.${id}.${this.sign(`${turn}.${id}`)}` };
  }

  /** true for a genuine ticket of this process, at its time, used for the first time */
  redeem(ticket: string | undefined, now = Date.now()): boolean {
    if (!ticket || ticket.length > 200) return false;
    const [turnText, id, signature] = ticket.split('.');
    if (!turnText || !id || !signature) return false;
    const expected = Buffer.from(this.sign(`${turnText}.${id}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    const turn = Number(turnText);
    if (!(now >= turn - EARLY_MS && now <= turn + LATE_MS)) return false;
    for (const [used, expires] of this.redeemed) if (expires < now) this.redeemed.delete(used);
    if (this.redeemed.has(id)) return false;
    this.redeemed.set(id, turn + LATE_MS);
    return true;
  }

  private sign(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('base64url');
  }
}
