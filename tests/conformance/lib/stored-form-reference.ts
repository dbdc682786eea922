/**
 * `--form guest@5` as the runner reads it (stored-forms.ts reads the version from the database;
 * this part needs no database code, so a run without `--form` loads none).
 */
import { editableForms, isEditableForm, type EditableFormName } from '../../../src/shared/form-versions-api.js';

export interface StoredFormReference {
  name: EditableFormName;
  version: number;
}

/** `guest@5` -> { name: 'guest', version: 5 }, else a problem. */
export function parseFormReference(text: string): StoredFormReference | string {
  const match = /^([a-z][a-z0-9-]*)@([1-9]\d*)$/.exec(text);
  if (!match) return `--form ${JSON.stringify(text)}: write the form and its version as NAME@VERSION, e.g. guest@5`;
  const [, name = '', version] = match;
  if (!isEditableForm(name)) return `--form ${text}: ${name} is no form kept as versions; one of: ${editableForms.join(', ')}`;
  return { name, version: Number(version) };
}
