import { englishStringTranslator, replaceStringParameters, TranslatableString } from '@rjsf/utils';
import i18next from 'i18next';
import { translateKey } from '../i18n/translate-key';

/** enum value ('Add Item') -> enum name ('AddItemButton'), the key in `client.rjsf` */
const NAMES = new Map<string, string>(Object.entries(TranslatableString).map(([name, value]) => [value, name]));

/**
 * RJSF's own texts (array buttons "Add Item", "Remove", "Move up"...) in the UI language:
 * `client.rjsf.<EnumName>`, `%1` placeholders as RJSF uses them; English only when no key exists.
 */
export function translateRjsfString(text: TranslatableString, params?: string[]): string {
  const template = templateOf(text);
  return template === null ? englishStringTranslator(text, params) : replaceStringParameters(template, params);
}

// RJSF asks for these strings for every field on every render, i.e. on every keystroke; an
// i18next lookup each time was a visible share of a keystroke. Cached per language.
const templates = new Map<string, string | null>();

function templateOf(text: TranslatableString): string | null {
  const cacheKey = `${i18next.language}\u0000${text}`;
  const cached = templates.get(cacheKey);
  if (cached !== undefined) return cached;
  const name = NAMES.get(text);
  const key = `client.rjsf.${name}`;
  const translated = name ? translateKey(key) : key;
  const template = translated === key ? null : translated;
  templates.set(cacheKey, template);
  return template;
}
