/**
 * Text a spreadsheet would run as a formula (`=cmd|' /C calc'!A0`, `=HYPERLINK(...)`, `+`, `-`,
 * `@`, or a tab/CR in front of one) gets a leading `'`, as OWASP's CSV-injection advice says:
 * the cell then shows the text as typed. Numbers stay numbers (a negative number is no formula).
 * Every export goes through sendWorkbook, which applies this to every cell: one place.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseFormula<Value>(value: Value): Value | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}
