import i18next from 'i18next';
import { useSyncExternalStore } from 'react';

let added = 0;

function subscribe(listener: () => void): () => void {
  const onAdded = () => {
    added += 1;
    listener();
  };
  i18next.store.on('added', onAdded);
  return () => i18next.store.off('added', onAdded);
}

/** Re-renders the caller when texts are added (a feature's namespace arrived): a text it showed missing may be there now. */
export function useTextsAdded(): void {
  useSyncExternalStore(
    subscribe,
    () => added,
    () => added,
  );
}
