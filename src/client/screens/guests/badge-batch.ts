import { useSyncExternalStore } from 'react';
import { doorApiPaths } from '../../../shared/door-api';
import { downloadFileOrThrow } from '../../api/download-file';

/** Which PDF of the unit's badge batch was printed last, of how many (each at most `cap` people). */
export interface BadgeBatchPrinted {
  page: number;
  pages: number;
  cap: number;
}

let printed: BadgeBatchPrinted | null = null;
const listeners = new Set<() => void>();

function set(next: BadgeBatchPrinted | null): void {
  printed = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const read = () => printed;

/** The batch's last print, for the guest list's "next badges" button (null: none printed yet on this visit). */
export function useBadgeBatchPrinted(): BadgeBatchPrinted | null {
  return useSyncExternalStore(subscribe, read, read);
}

/** Forgets the last print (the guest list left: a later visit starts from the first PDF). */
export function forgetBadgeBatch(): void {
  set(null);
}

/**
 * Prints one PDF of the unit's badge batch (the server caps the people a PDF) and remembers
 * which of how many it was, from the answer's x-badge-* headers. A refusal throws FileRefused (the list shows its message).
 */
export async function printBadgeBatch(pageNum: number): Promise<void> {
  const headers = await downloadFileOrThrow(doorApiPaths.unitBadges, 'badges.pdf', { pageNum });
  const count = (name: string, fallback: number) => Number(headers.get(name) ?? fallback) || fallback;
  set({ page: count('x-badge-page', pageNum), pages: count('x-badge-pages', 1), cap: count('x-badge-cap', 0) });
}
