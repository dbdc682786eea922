/**
 * Field-by-field difference of two form documents, as JSON pointers: every value added, removed
 * or changed. Arrays of strings (`required`, `enum`, `ui:order`) are compared whole, so a
 * re-ordering reads as one change of that list, not as a change of every position.
 */
import type { FormFieldChange } from '../form-versions-api.js';
import { escapePointerToken } from '../json-pointer.js';
import { isPlainObject } from '../plain-object.js';

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function documentChanges(before: unknown, after: unknown, pointer = ''): FormFieldChange[] {
  if (same(before, after)) return [];
  if (isPlainObject(before) && isPlainObject(after)) {
    const changes: FormFieldChange[] = [];
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    for (const key of keys) {
      const at = `${pointer}/${escapePointerToken(key)}`;
      if (!(key in after)) changes.push({ pointer: at, change: 'removed', before: before[key] });
      else if (!(key in before)) changes.push({ pointer: at, change: 'added', after: after[key] });
      else changes.push(...documentChanges(before[key], after[key], at));
    }
    return changes;
  }
  if (Array.isArray(before) && Array.isArray(after) && before.some(isPlainObject) && before.length === after.length) {
    return before.flatMap((item, index) => documentChanges(item, after[index], `${pointer}/${index}`));
  }
  return [{ pointer, change: 'changed', before, after }];
}
