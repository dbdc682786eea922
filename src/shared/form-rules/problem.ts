/**
 * How codegen names a problem: `<file>#<JSON pointer>: <what is wrong>. <what to do>`, so an
 * organiser who edited a schema by hand can open the file, jump to the spot and fix it without
 * reading code or a stack trace.
 */

/** `schemas/guest.json` + `#/properties/x` -> `schemas/guest.json#/properties/x`. */
export function locationOf(file: string, pointer = '#'): string {
  const fragment = pointer.startsWith('#') ? pointer : `#${pointer}`;
  return `${file}${fragment}`;
}

/** One problem line: where, what, and what to do about it. */
export function problem(file: string, pointer: string, what: string, fix: string): string {
  return `${locationOf(file, pointer)}: ${what}. ${fix}`;
}
