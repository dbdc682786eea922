import { useTranslation } from 'react-i18next';
import { translateKey } from './translate-key';

/**
 * `t` for contract keys that name their namespace ('guest.gates.locked', 'server.records.full');
 * keys without a known namespace are `client` keys. Re-renders on language change.
 */
export function useKeyTranslation(): (key: string, params?: Record<string, unknown>) => string {
  useTranslation();
  return translateKey;
}
