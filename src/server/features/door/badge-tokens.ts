import { createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'B1';
const MAC_BYTES = 16;

/**
 * What a badge's QR code carries: the badge id and a MAC over it, nothing about the person. A
 * forged or altered code fails the MAC before any look-up; a revoked badge is refused by its row.
 */
export class BadgeTokens {
  private readonly key: Buffer;

  constructor(secret: Buffer) {
    // a key of its own, derived: a badge MAC can never double as a blind index of personal data
    this.key = createHmac('sha256', secret).update('badge-token').digest();
  }

  private mac(badgeId: string): string {
    return createHmac('sha256', this.key).update(badgeId).digest().subarray(0, MAC_BYTES).toString('base64url');
  }

  tokenOf(badgeId: string): string {
    return `${PREFIX}.${badgeId}.${this.mac(badgeId)}`;
  }

  /** The badge id of a genuine token, or null. */
  badgeOf(token: string): string | null {
    const parts = token.trim().split('.');
    if (parts.length !== 3 || parts[0] !== PREFIX || !parts[1] || !parts[2]) return null;
    const expected = Buffer.from(this.mac(parts[1]));
    const given = Buffer.from(parts[2]);
    return expected.length === given.length && timingSafeEqual(expected, given) ? parts[1] : null;
  }
}
