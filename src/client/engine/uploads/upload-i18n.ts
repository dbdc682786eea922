import i18next from 'i18next';
import { useEffect, useState } from 'react';

const NAMESPACE = 'upload';

// The upload messages are their own namespace (locales/<lang>/upload.json), loaded with the
// first upload widget so the widget works whether or not i18n-setup lists the namespace.
const files = import.meta.glob<Record<string, unknown>>('../../../../locales/*/upload.json', { import: 'default' });

async function ensureLoaded(language: string): Promise<void> {
  if (i18next.hasResourceBundle(language, NAMESPACE)) return;
  const load = files[`../../../../locales/${language}/upload.json`];
  if (load) i18next.addResourceBundle(language, NAMESPACE, await load(), true, false);
}

/** Translates `upload.x.y` keys (the keys of the shared rules and of the server's envelopes). */
export function tUpload(key: string, params: Record<string, unknown> = {}): string {
  const path = key.startsWith(`${NAMESPACE}.`) ? key.slice(NAMESPACE.length + 1) : key;
  return i18next.t(path, { ...params, ns: NAMESPACE, defaultValue: key });
}

/** True once the upload messages of the current language are loaded. */
export function useUploadMessages(): boolean {
  const language = i18next.language;
  const [ready, setReady] = useState(() => i18next.hasResourceBundle(language, NAMESPACE));
  useEffect(() => {
    let live = true;
    void ensureLoaded(language).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [language]);
  return ready;
}
