/**
 * Whether a step document holds any answer: a saved but empty step (`{}`, or only empty lists
 * and blanks) reads as "not filled" rather than as an empty card.
 */
export function isFilled(document: Record<string, unknown> | null | undefined): document is Record<string, unknown> {
  if (!document) return false;
  return Object.values(document).some(
    (value) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0),
  );
}
