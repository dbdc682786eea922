import { englishStringTranslator, replaceStringParameters, TranslatableString } from '@rjsf/utils';
import { translateKey } from '../i18n/translate-key';

/** enum value ('Add Item') -> enum name ('AddItemButton'), the key in `client.rjsf` */
const NAMES = new Map<string, string>(Object.entries(TranslatableString).map(([name, value]) => [value, name]));

/**
 * RJSF's own texts (array buttons "Add Item", "Remove", "Move up"...) in the UI language:
 * `client.rjsf.<EnumName>`, `%1` placeholders as RJSF uses them; English only when no key exists.
 */
export function translateRjsfString(text: TranslatableString, params?: string[]): string {
  const name = NAMES.get(text);
  if (name) {
    const key = `client.rjsf.${name}`;
    const translated = translateKey(key);
    if (translated !== key) return replaceStringParameters(translated, params);
  }
  return englishStringTranslator(text, params);
}
