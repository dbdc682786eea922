/**
 * The text keys a form names: `x-i18n`, `x-enum-i18n` and `x-messages` anywhere in its bundled
 * schema (the shared definitions it uses included), and the UI schemas' strings that are keys
 * (a placeholder, a help text). A form version carries the text of each key in both languages,
 * so a form shown from the database needs no locale file.
 */
type Json = Record<string, unknown>;

function walk(node: unknown, visit: (object: Json) => void): void {
  if (Array.isArray(node)) for (const item of node) walk(item, visit);
  else if (node && typeof node === 'object') {
    visit(node as Json);
    for (const child of Object.values(node)) walk(child, visit);
  }
}

export function schemaLabelKeys(bundled: Json): Set<string> {
  const keys = new Set<string>();
  walk(bundled, (object) => {
    if (typeof object['x-i18n'] === 'string') keys.add(object['x-i18n']);
    const enumKeys = object['x-enum-i18n'];
    if (Array.isArray(enumKeys)) for (const key of enumKeys) if (typeof key === 'string') keys.add(key);
    const messages = object['x-messages'];
    if (messages && typeof messages === 'object' && !Array.isArray(messages))
      for (const key of Object.values(messages)) if (typeof key === 'string') keys.add(key);
  });
  return keys;
}

/** Strings of UI schemas that name a known key (`known`: the keys of the locales). */
export function uiSchemaLabelKeys(uiSchemas: Json[], known: (key: string) => boolean): Set<string> {
  const keys = new Set<string>();
  const visit = (node: unknown): void => {
    if (typeof node === 'string') {
      if (/^[a-zA-Z][\w-]*(\.[\w-]+)+$/.test(node) && known(node)) keys.add(node);
    } else if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') Object.values(node).forEach(visit);
  };
  uiSchemas.forEach(visit);
  return keys;
}
