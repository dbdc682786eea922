import { useSyncExternalStore } from 'react';
import { doorApiPaths } from '../../../shared/door-api';
import { fetchFile } from '../../api/fetch-file';
import { saveBlob } from '../../api/download-file';

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
 * which of how many it was, from the answer's x-badge-* headers. A refusal is the server's message.
 */
export async function printBadgeBatch(pageNum: number): Promise<void> {
  const file = await fetchFile(doorApiPaths.unitBadges, { pageNum });
  if (!file.ok) throw new Error(file.message);
  saveBlob(file.blob, file.name ?? 'badges.pdf');
  const count = (name: string, fallback: number) => Number(file.headers.get(name) ?? fallback) || fallback;
  set({ page: count('x-badge-page', pageNum), pages: count('x-badge-pages', 1), cap: count('x-badge-cap', 0) });
}
