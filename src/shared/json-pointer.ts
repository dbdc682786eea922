/** JSON pointer tokens (RFC 6901): a `~` in a name is written `~0`, a `/` is written `~1`. */
import { isPlainObject } from './plain-object.js';
export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A name as a pointer token writes it (`~1` back to `/`, then `~0` back to `~`). */
export function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

type Node = Record<string, unknown>;

/**
 * The schema node `node` stands for: its in-document `$ref` (`#/definitions/x`) followed, and
 * the target's, up to 20 in a row (a cycle ends there); undefined when a reference leads nowhere.
 */
export function followLocalRefs(node: unknown, root: Node): Node | undefined {
  let at = node;
  for (let depth = 0; isPlainObject(at) && typeof at.$ref === 'string' && depth < 20; depth += 1) {
    const tokens = at.$ref.replace(/^#\/?/, '').split('/').filter(Boolean);
    at = tokens.reduce<unknown>((parent, token) => (isPlainObject(parent) ? parent[unescapePointerToken(token)] : undefined), root);
  }
  return isPlainObject(at) ? at : undefined;
}
