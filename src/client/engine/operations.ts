import type { FormData, Operation, RouteParams } from './operation-types';

/**
 * Named calls a screen declaration can use for `load` and `submit` (SPEC section 7). The engine
 * knows none itself: the app hands its catalogue over once at start (registerCatalogue), so the
 * engine never imports feature code. Tests may add their own calls here.
 */
export const operations: Record<string, Operation> = {};

/** Loads (and registers) the calls the app did not hand over at start: asked on a miss. */
let loadMore: (() => Promise<void>) | null = null;

export function registerOperations(catalogue: Readonly<Record<string, Operation>>): void {
  Object.assign(operations, catalogue);
}

export function registerOperationLoader(load: () => Promise<void>): void {
  loadMore = load;
}

export async function runOperation(name: string, formData: FormData, params: RouteParams = {}): Promise<unknown> {
  if (!operations[name] && loadMore) await loadMore();
  const operation = operations[name];
  if (!operation) throw new Error(`unknown operation "${name}"`);
  return operation(formData, params);
}
