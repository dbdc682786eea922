/** JSON pointer tokens (RFC 6901): a `~` in a name is written `~0`, a `/` is written `~1`. */
export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A name as a pointer token writes it (`~1` back to `/`, then `~0` back to `~`). */
export function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}
