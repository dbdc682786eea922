/**
 * Enum cells of an imported workbook may hold the value's label in either language (女, Female)
 * as well as the value itself (female): people fill templates by hand. The labels are the
 * schema's `x-enum-i18n` texts, so nothing is listed again here.
 */
export interface EnumColumn {
  enumValues?: readonly unknown[];
  enumKeys?: readonly string[];
}

/** Every text of an i18n key, one per language. */
export type TextsOfKey = (key: string) => readonly string[];

const normalised = (text: string) => text.normalize('NFKC').trim().toLowerCase();

/** The enum value a cell names (its value or one of its labels); the cell as it is otherwise. */
export function enumValueOfCell(cell: string, column: EnumColumn, textsOf: TextsOfKey | undefined): unknown {
  const values = column.enumValues;
  if (!values || values.includes(cell) || !textsOf) return cell;
  const wanted = normalised(cell);
  const index = values.findIndex((value, i) => {
    const key = column.enumKeys?.[i];
    return (
      (typeof value === 'string' && normalised(value) === wanted) ||
      (key !== undefined && textsOf(key).some((text) => normalised(text) === wanted))
    );
  });
  return index >= 0 ? values[index] : cell;
}

/** "男 / 女" — the allowed labels in one language, for the template's header. */
export function allowedLabels(column: EnumColumn, translate: (key: string) => string): string | null {
  if (!column.enumValues) return null;
  return column.enumValues.map((value, i) => (column.enumKeys?.[i] ? translate(column.enumKeys[i]!) : String(value))).join(' / ');
}
