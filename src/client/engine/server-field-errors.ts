import type { ErrorSchema } from '@rjsf/utils';
import type { FieldErrorItem } from '../../shared/envelope';

function unescapePointerSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * Server `fieldErrors` (JSON pointers) as an RJSF ErrorSchema, so each message shows on its
 * own field through `extraErrors`. Pointer '' (the whole document) lands on the form root.
 */
export function fieldErrorsToErrorSchema(fieldErrors: FieldErrorItem[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const item of fieldErrors) {
    const segments = item.pointer === '' ? [] : item.pointer.split('/').slice(1).map(unescapePointerSegment);
    let node = root;
    for (const segment of segments) {
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    }
    const errors = (node.__errors as string[] | undefined) ?? [];
    errors.push(item.message);
    node.__errors = errors;
  }
  return root as ErrorSchema;
}
