type Translate = (key: string) => string;

/** The text of the first `<prefix>.<value>` key that exists; the value itself when none does. */
export function textOfFirstKey(prefixes: string[], value: string, t: Translate): string {
  for (const prefix of prefixes) {
    const key = `${prefix}.${value}`;
    const text = t(key);
    // a missing key comes back as the key itself
    if (text !== key) return text;
  }
  return value;
}
