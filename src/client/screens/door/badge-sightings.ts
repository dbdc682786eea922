/**
 * What the camera read, told apart from a badge still in view: the camera reads a badge held in
 * front of it many times a second, and only its first sighting is a scan. The badge is scanned
 * again once it has been out of view for `outOfViewMs` (held up anew), or when another one comes.
 */
export class BadgeSightings {
  private last = { text: '', seenAt: Number.NEGATIVE_INFINITY };

  constructor(private readonly outOfViewMs: number) {}

  /** Records a reading; true when it is a new scan, false when the same badge is still in view. */
  isNewScan(text: string, now: number): boolean {
    const stillInView = text === this.last.text && now - this.last.seenAt < this.outOfViewMs;
    this.last = { text, seenAt: now };
    return !stillInView;
  }
}
