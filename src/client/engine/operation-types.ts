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

/**
 * Thrown by a load operation when the server's gate for the record is shut (a form reached by
 * its URL after the guest went back to review, say): the form shows the server's reason
 * instead of fields whose save the server would refuse.
 */
export class GateShut extends Error {
  constructor(
    readonly reasonKey: string,
    readonly reasonParams?: Record<string, unknown>,
  ) {
    super(`gate shut: ${reasonKey}`);
    this.name = 'GateShut';
  }
}
