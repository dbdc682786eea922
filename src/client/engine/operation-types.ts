/**
 * The shape of a named call a screen declaration can use (the `*operations` catalogues
 * of the features, composed in app/catalogue and handed to engine/operations.ts).
 */
export type FormData = Record<string, unknown>;

/** The params of the route the form is shown on (`/guests/:id/epidemic` -> { id }). */
export type RouteParams = Readonly<Partial<Record<string, string>>>;

/**
 * An operation gets the form data and the route's params. It reads params by destructuring
 * its second parameter (`(data, { id }) => ...`): codegen (code-names.ts) reads those names and
 * refuses a declaration whose route lacks one.
 */
export type Operation = (formData: FormData, params: RouteParams) => Promise<unknown>;

/** A route param the operation cannot do without (codegen checked that the route has it). */
export function requiredParam(value: string | undefined, name: string): string {
  if (!value) throw new Error(`route param "${name}" is missing`);
  return value;
}
