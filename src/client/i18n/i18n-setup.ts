import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../shared/constants';

/**
 * Namespaces: `client` is the UI; `schema`/`validation` come from foundation, `server` from the
 * server; `guest` is the UI of the guest lifecycle, `upload` the upload widget's; `activity`,
 * `content` (wishes, downloads, history, projects), `temporary` and `console` (organisers) follow.
 */
export const NAMESPACES = ['client', 'schema', 'validation', 'server', 'guest', 'upload', 'activity', 'content', 'temporary', 'console', 'wish', 'upgrade'] as const;
export type Namespace = (typeof NAMESPACES)[number];

type Loader = () => Promise<unknown>;
// Each language is its own set of lazy chunks: the browser only downloads the active one.
const localeFiles = import.meta.glob<Record<string, unknown>>('../../../locales/*/*.json', { import: 'default' }) as Record<
  string,
  Loader
>;

async function loadResources(language: Language): Promise<Record<string, Record<string, unknown>>> {
  const bundle: Record<string, Record<string, unknown>> = {};
  await Promise.all(
    NAMESPACES.map(async (ns) => {
      const load = localeFiles[`../../../locales/${language}/${ns}.json`];
      bundle[ns] = load ? ((await load()) as Record<string, unknown>) : {};
    }),
  );
  return bundle;
}

/** Initialises i18next with the given language; resolves once its resources are loaded. */
export async function setupI18n(language: Language): Promise<I18n> {
  const resources = { [language]: await loadResources(language) };
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    ns: [...NAMESPACES],
    defaultNS: 'client',
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = language;
  return i18next;
}
