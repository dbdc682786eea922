import { useLayoutEffect, useSyncExternalStore } from 'react';

/**
 * How many upload widgets are busy (sending, or waiting for the server's checks such as the
 * face detection). While any is, forms must not submit: the file id is not in the form yet.
 */
let busyCount = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function uploadsBusy(): boolean {
  return busyCount > 0;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders when uploads start or finish; true while any upload is in progress. */
export function useUploadsBusy(): boolean {
  return useSyncExternalStore(subscribe, uploadsBusy, uploadsBusy);
}

/**
 * An upload widget reports its busy state (counted once while true, released on unmount).
 * A layout effect, so the submit button changes in the same paint as the widget: with a passive
 * effect the finished file's name showed a frame before the button was enabled again.
 */
export function useReportUploadBusy(busy: boolean): void {
  useLayoutEffect(() => {
    if (!busy) return;
    busyCount += 1;
    emit();
    return () => {
      busyCount -= 1;
      emit();
    };
  }, [busy]);
}
