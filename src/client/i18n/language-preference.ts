import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/constants';

const STORAGE_KEY = 'language';

/** The remembered language, zh-CN unless the user chose another supported one. */
export function readLanguagePreference(): Language {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function writeLanguagePreference(language: Language): void {
  window.localStorage.setItem(STORAGE_KEY, language);
}
