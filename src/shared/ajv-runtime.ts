/**
 * The two small runtime helpers ajv's standalone code needs (it emits
 * `require("ajv/dist/runtime/<name>")`, which an ES module cannot run). Codegen rewrites those
 * requires into imports of this dependency-free module so the generated validators run alike
 * under Node (tsx) and in the browser (vite), with no CommonJS interop in between.
 */

/** Length in Unicode code points (ajv's ucs2length: a surrogate pair counts as one character). */
export function ucs2length(str: string): number {
  const len = str.length;
  let length = 0;
  let pos = 0;
  while (pos < len) {
    length += 1;
    const value = str.charCodeAt(pos);
    pos += 1;
    if (value >= 0xd800 && value <= 0xdbff && pos < len) {
      const next = str.charCodeAt(pos);
      if ((next & 0xfc00) === 0xdc00) pos += 1;
    }
  }
  return length;
}

/** Deep equality of JSON values (ajv's `equal`, used by enum/const/uniqueItems on objects). */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (Array.isArray(a) && Array.isArray(b)) {
      return a.length === b.length && a.every((item, i) => equal(item, b[i]));
    }
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    if (keysA.length !== keysB.length) return false;
    return keysA.every(
      (key) =>
        Object.prototype.hasOwnProperty.call(b, key) && equal((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    );
  }
  return a !== a && b !== b; // both NaN
}
