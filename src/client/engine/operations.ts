import type { FormData, Operation, RouteParams } from './operation-types';

/**
 * Named calls a screen declaration can use for `load` and `submit` (SPEC section 7). The engine
 * knows none itself: the app hands its catalogue over once at start (registerCatalogue), so the
 * engine never imports feature code. Tests may add their own calls here.
 */
export const operations: Record<string, Operation> = {};

export function registerOperations(catalogue: Readonly<Record<string, Operation>>): void {
  Object.assign(operations, catalogue);
}

export function runOperation(name: string, formData: FormData, params: RouteParams = {}): Promise<unknown> {
  const operation = operations[name];
  if (!operation) return Promise.reject(new Error(`unknown operation "${name}"`));
  return operation(formData, params);
}
