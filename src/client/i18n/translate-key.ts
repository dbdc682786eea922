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

const NO_NAMESPACES: readonly Namespace[] = [];
const namespaceLists = new Map<string, readonly Namespace[]>();

/**
 * The namespace a key's text lives in, as a list to load (`wish.epidemic.title` and i18next's
 * `wish:epidemic.title` both name `wish`); none for a `client` key, which is always loaded.
 */
export function keyNamespaces(key: string): readonly Namespace[] {
  const head = key.split(/[.:]/, 1)[0] ?? '';
  if (head === 'client' || !(NAMESPACES as readonly string[]).includes(head)) return NO_NAMESPACES;
  let list = namespaceLists.get(head);
  if (!list) {
    list = [head as Namespace];
    namespaceLists.set(head, list);
  }
  return list;
}
