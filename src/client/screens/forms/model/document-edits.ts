import type { FormDocument } from '../../../../shared/form-versions-api';
import type { FieldSpec, FormDraftContent, ModelContext, Schema } from './field-spec';
import { fieldOrder } from './read-fields';
import { dropField, moveAfter, moveField, renameField, writeField, type EditResult } from './write-field';

/**
 * A form version's document has one schema and one or more UI schemas (the unit form has one per
 * unit type). The field list follows the first one; every edit is made on each UI schema, so a
 * field added, dropped or moved is so in every variant of the form.
 */
export type DocumentEdit = { ok: true; document: FormDocument } | { ok: false; refusals: Extract<EditResult, { ok: false }>['refusals'] };

export function primaryUiName(document: FormDocument): string {
  return Object.keys(document.uiSchemas)[0] ?? '';
}

export function contentOf(document: FormDocument, uiName = primaryUiName(document)): FormDraftContent {
  return { schema: document.schema, uiSchema: document.uiSchemas[uiName] ?? {}, labels: document.labels };
}

function onEveryUiSchema(document: FormDocument, edit: (content: FormDraftContent) => EditResult): DocumentEdit {
  const primary = primaryUiName(document);
  const first = edit(contentOf(document, primary));
  if (!first.ok) return first;
  const uiSchemas: Record<string, Schema> = {};
  for (const name of Object.keys(document.uiSchemas)) {
    if (name === primary) {
      uiSchemas[name] = first.draft.uiSchema;
      continue;
    }
    const other = edit(contentOf(document, name));
    if (!other.ok) return other;
    uiSchemas[name] = other.draft.uiSchema;
  }
  return { ok: true, document: { schema: first.draft.schema, uiSchemas, labels: first.draft.labels } };
}

export const documentEdits = {
  write: (ctx: ModelContext, document: FormDocument, field: FieldSpec, adding = false) =>
    onEveryUiSchema(document, (content) => writeField(ctx, content, field, adding)),
  drop: (ctx: ModelContext, document: FormDocument, name: string) => onEveryUiSchema(document, (content) => dropField(ctx, content, name)),
  rename: (ctx: ModelContext, document: FormDocument, from: string, to: string) =>
    onEveryUiSchema(document, (content) => renameField(ctx, content, from, to)),
  /** moves a field to `index` of the first UI schema's order, and after the same field in the others */
  move: (document: FormDocument, name: string, index: number): FormDocument => {
    const primary = primaryUiName(document);
    const moved = moveField(contentOf(document, primary), name, index);
    const order = fieldOrder(moved);
    const at = order.indexOf(name);
    const after = at > 0 ? (order[at - 1] ?? null) : null;
    const uiSchemas: Record<string, Schema> = {};
    for (const ui of Object.keys(document.uiSchemas)) {
      uiSchemas[ui] = ui === primary ? moved.uiSchema : moveAfter(contentOf(document, ui), name, after).uiSchema;
    }
    return { ...document, uiSchemas };
  },
};
