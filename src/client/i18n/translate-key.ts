import i18next from 'i18next';
import { NAMESPACES, type Namespace } from './i18n-setup';

/**
 * Translates a contract key such as `validation.mobile` or `schema.account.title`: the first
 * segment names the namespace (team brief). Keys without a known namespace are looked up in `client`.
 */
export function translateKey(key: string, params?: Record<string, unknown>): string {
  const dot = key.indexOf('.');
  const head = dot > 0 ? key.slice(0, dot) : '';
  if ((NAMESPACES as readonly string[]).includes(head)) {
    return i18next.t(key.slice(dot + 1), { ...params, ns: head as Namespace, defaultValue: key });
  }
  return i18next.t(key, { ...params, ns: 'client', defaultValue: key });
}
