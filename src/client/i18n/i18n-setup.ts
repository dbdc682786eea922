import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../shared/constants';
import { NAMESPACES, type Namespace } from './namespaces';

export { NAMESPACES, CORE_NAMESPACES, FEATURE_NAMESPACES, type Namespace } from './namespaces';

type Loader = () => Promise<unknown>;
// Each language and namespace is its own lazy chunk: the browser only downloads what it shows.
const localeFiles = import.meta.glob<Record<string, unknown>>('../../../locales/*/*.json', { import: 'default' }) as Record<string, Loader>;

const pending = new Map<string, Promise<void>>();

function loadNamespace(language: string, ns: Namespace): Promise<void> {
  const id = `${language}/${ns}`;
  let loading = pending.get(id);
  if (!loading) {
    loading = (async () => {
      const load = localeFiles[`../../../locales/${language}/${ns}.json`];
      const bundle = load ? ((await load()) as Record<string, unknown>) : {};
      // deep merge, no overwrite: a widget may have added its own namespace already (upload-i18n)
      i18next.addResourceBundle(language, ns, bundle, true, false);
      applyLiveTexts(language, ns);
    })();
    pending.set(id, loading);
    loading.catch(() => pending.delete(id));
  }
  return loading;
}

// Texts of published form versions the build does not have (engine/live-forms.ts), by language and
// namespace: they win over the build's files, whichever arrives first.
const liveTexts = new Map<string, Map<string, string>>();

function applyLiveTexts(language: string, ns: string): void {
  const texts = liveTexts.get(`${language}/${ns}`);
  if (!texts || !i18next.hasResourceBundle(language, ns)) return;
  for (const [key, text] of texts) i18next.addResource(language, ns, key, text);
}

/**
 * Adds the labels of a published form version (flat keys such as `schema.fields.<field>`, the
 * namespace first) in `language`, over the build's texts. The active language's namespaces are
 * loaded first (they then show at once); another language's texts are kept and put in place when
 * its file loads, so adding never stands for the file.
 */
export async function addLiveTexts(language: string, texts: Record<string, string>): Promise<void> {
  const touched = new Set<Namespace>();
  for (const [fullKey, text] of Object.entries(texts)) {
    const dot = fullKey.indexOf('.');
    const ns = fullKey.slice(0, dot) as Namespace;
    if (dot <= 0 || !NAMESPACES.includes(ns)) continue;
    const id = `${language}/${ns}`;
    let map = liveTexts.get(id);
    if (!map) liveTexts.set(id, (map = new Map()));
    map.set(fullKey.slice(dot + 1), text);
    touched.add(ns);
  }
  if (language === i18next.language) await ensureNamespaces([...touched]);
  for (const ns of touched) applyLiveTexts(language, ns);
}

/** Loads the given namespaces of the active language (each once); resolves when all are there. */
export async function ensureNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  const language = i18next.language;
  await Promise.all(namespaces.filter((ns) => !i18next.hasResourceBundle(language, ns)).map((ns) => loadNamespace(language, ns)));
}

/** True when every given namespace of the active language is loaded. */
export function namespacesLoaded(namespaces: readonly Namespace[]): boolean {
  return namespaces.every((ns) => i18next.hasResourceBundle(i18next.language, ns));
}

/**
 * Initialises i18next with the given language; resolves once `namespaces` (all of them unless
 * told otherwise) are loaded.
 */
export async function setupI18n(language: Language, namespaces: readonly Namespace[] = NAMESPACES): Promise<I18n> {
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    ns: [...NAMESPACES],
    defaultNS: 'client',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    // namespaces arrive after the first render: components showing their texts render again
    react: { bindI18nStore: 'added' },
  });
  await ensureNamespaces(namespaces);
  document.documentElement.lang = language;
  return i18next;
}
