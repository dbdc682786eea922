import { API_BASE } from '../../../shared/api-paths';
import { doorApiPaths, type DoorScanResult } from '../../../shared/door-api';
import { getSession } from '../../session/session-store';

/** A badge read at the door: what POST door/scan takes. */
export interface PendingScan {
  token: string;
  scannedAt: string;
  station: string;
}

export type SendOutcome = { kind: 'answered'; result: DoorScanResult } | { kind: 'refused'; message: string } | { kind: 'offline' };

const STORAGE_KEY = 'door.pendingScans';

/**
 * Scans the phone could not send (no network): kept in localStorage until they are, each with
 * the time it was read, so the first scan still wins when it arrives late. A refusal (a badge
 * not valid) is final and leaves the queue; only a failure to reach the server keeps a scan.
 */
export class ScanQueue {
  constructor(
    private readonly storage: Storage,
    private readonly send: (scan: PendingScan) => Promise<SendOutcome>,
  ) {}

  pending(): PendingScan[] {
    try {
      const stored = JSON.parse(this.storage.getItem(STORAGE_KEY) ?? '[]') as unknown;
      return Array.isArray(stored) ? (stored as PendingScan[]) : [];
    } catch {
      return [];
    }
  }

  private keep(scans: PendingScan[]): void {
    this.storage.setItem(STORAGE_KEY, JSON.stringify(scans));
  }

  /** Sends a scan now; kept for later when the network is down. */
  async submit(scan: PendingScan): Promise<SendOutcome> {
    const outcome = await this.send(scan);
    if (outcome.kind === 'offline') this.keep([...this.pending(), scan]);
    return outcome;
  }

  /** Sends the kept scans, oldest first, stopping at the first that still cannot go; answers what went. */
  async flush(): Promise<SendOutcome[]> {
    const sent: SendOutcome[] = [];
    let left = this.pending();
    while (left.length > 0) {
      const outcome = await this.send(left[0]!);
      if (outcome.kind === 'offline') break;
      sent.push(outcome);
      left = left.slice(1);
      this.keep(left);
    }
    return sent;
  }
}

/** POST door/scan with the session cookie; a network failure is "offline", not an error shown. */
export async function sendScan(scan: PendingScan): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${doorApiPaths.scan}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'accept-language': getSession().language },
      body: JSON.stringify(scan),
    });
  } catch {
    return { kind: 'offline' };
  }
  // a gateway without the portal behind it (502-504) is as good as no network: the scan is kept
  if (response.status >= 502 && response.status <= 504) return { kind: 'offline' };
  const body = (await response.json().catch(() => null)) as { data?: DoorScanResult; msg?: string } | null;
  if (response.ok && body?.data) return { kind: 'answered', result: body.data };
  return { kind: 'refused', message: body?.msg ?? response.statusText };
}
