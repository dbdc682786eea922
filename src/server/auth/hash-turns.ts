import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** how early a turn may be taken (Retry-After is in whole seconds, clocks round) */
const EARLY_MS = 1_500;
/** how long after its time a turn still holds (a client that waited its Retry-After plus the trip) */
const LATE_MS = 45_000;
/**
 * Retry-After never names more than this: a turn further away is reached in several waits, the
 * ticket kept (a client gives up on a long Retry-After, taking it for a real limit)
 */
export const MAX_RETRY_AFTER_MS = 30_000;

/** A genuine ticket of this process, not yet used and not expired. */
export interface TurnTicket {
  /** its turn, ms since the epoch */
  turn: number;
  id: string;
  text: string;
}

/**
 * Turns promised to sign-ins the hash queue refused. Each refusal gets the
 * next turn: when the queue ahead will have drained to the admission bound, after the turns
 * promised before it, one drain step apart. The turn travels as a ticket (its time, signed with
 * this process's key, single use): a client that comes back with it at its time goes before
 * newcomers (see PasswordHasher.admit), so a sign-in is refused once while the machine keeps the
 * pace it promised.
 */
export class HashTurns {
  private readonly key = randomBytes(32);
  /** promised turn times, ms since the epoch, ascending */
  private promised: number[] = [];
  /**
   * the last turn given to a ticket holder the machine fell behind for: the next one comes a
   * step after it, so holders refused together come back one by one, in order, not as one wave
   */
  private lastRenewed = 0;
  /** tickets redeemed, until they expire (no second use) */
  private readonly redeemed = new Map<string, number>();

  /**
   * `first`: a ticket holder whose turn came while the machine ran behind its promise: its new
   * turn is the first room after the holders renewed before it, not after every turn promised since
   */
  promise(roomAt: number, stepMs: number, now = Date.now(), first = false): { retryAfterSeconds: number; ticket: string } {
    while (this.promised.length > 0 && this.promised[0]! <= now) this.promised.shift();
    const after = first ? Math.max(roomAt, this.lastRenewed) : Math.max(roomAt, this.promised.at(-1) ?? 0);
    const turn = Math.round(after + stepMs);
    if (first) this.lastRenewed = turn;
    const later = this.promised.findIndex((t) => t > turn);
    this.promised.splice(later === -1 ? this.promised.length : later, 0, turn);
    const id = randomBytes(9).toString('base64url');
    const text = `${turn}.${id}`;
    return { retryAfterSeconds: retryAfterSeconds(turn, now), ticket: `${text}.${this.sign(text)}` };
  }

  /** the ticket when it is genuine, of this process, unused and not past its time; else null */
  read(ticket: string | undefined, now = Date.now()): TurnTicket | null {
    if (!ticket || ticket.length > 200) return null;
    const [turnText, id, signature] = ticket.split('.');
    if (!turnText || !id || !signature) return null;
    const expected = Buffer.from(this.sign(`${turnText}.${id}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const turn = Number(turnText);
    if (!(now <= turn + LATE_MS) || this.redeemed.has(id)) return null;
    return { turn, id, text: ticket };
  }

  /** whether the ticket's time has come (it may be taken up to 1.5 s early) */
  due(ticket: TurnTicket, now = Date.now()): boolean {
    return now >= ticket.turn - EARLY_MS;
  }

  /** the wait still ahead of a ticket that came early, in whole seconds, capped */
  remaining(ticket: TurnTicket, now = Date.now()): number {
    return retryAfterSeconds(ticket.turn, now);
  }

  /** true for a genuine ticket of this process, at its time, used for the first time; spends it */
  redeem(ticket: string | undefined, now = Date.now()): boolean {
    const read = this.read(ticket, now);
    if (!read || !this.due(read, now)) return false;
    this.spend(read, now);
    return true;
  }

  /**
   * marks a ticket already read (genuine, unused) as used: it is never honoured again, and its
   * turn, if still ahead, is given back (no later newcomer waits behind a turn nobody will take)
   */
  spend(ticket: TurnTicket, now = Date.now()): void {
    for (const [used, expires] of this.redeemed) if (expires < now) this.redeemed.delete(used);
    this.redeemed.set(ticket.id, ticket.turn + LATE_MS);
    const at = this.promised.indexOf(ticket.turn);
    if (at !== -1) this.promised.splice(at, 1);
  }

  private sign(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('base64url');
  }
}

function retryAfterSeconds(turn: number, now: number): number {
  return Math.max(1, Math.ceil(Math.min(turn - now, MAX_RETRY_AFTER_MS) / 1000));
}
