/** A form_versions row read and written as the API's shapes, and the body of a draft checked for shape. */
import { AppError } from '../../http/app-error.js';
import {
  formLanguages,
  type EditableFormName,
  type FormDocument,
  type FormVersionDetail,
  type FormVersionEntry,
  type FormVersionStamp,
  type FormVersionState,
} from '../../../shared/form-versions-api.js';
import type { FormVersionTable } from './form-tables.js';
import { isPlainObject } from '../../../shared/plain-object.js';

export function entryOf(row: FormVersionTable): FormVersionEntry {
  const stamp = (by: string | null, name: string | null, at: string | null): FormVersionStamp | undefined =>
    by && at ? { accountId: by, name: name ?? '', at } : undefined;
  const published = stamp(row.published_by, row.published_by_name, row.published_at);
  const retired = stamp(row.retired_by, row.retired_by_name, row.retired_at);
  return {
    version: Number(row.version),
    state: row.state as FormVersionState,
    revision: Number(row.revision),
    created: { accountId: row.created_by, name: row.created_by_name, at: row.created_at },
    updated: { accountId: row.updated_by, name: row.updated_by_name, at: row.updated_at },
    ...(published ? { published } : {}),
    ...(retired ? { retired } : {}),
    ...(row.copy_of !== null ? { copyOf: Number(row.copy_of) } : {}),
  };
}

export function documentOf(row: Pick<FormVersionTable, 'schema' | 'ui_schemas' | 'labels_zh' | 'labels_en'>): FormDocument {
  return {
    schema: JSON.parse(row.schema) as FormDocument['schema'],
    uiSchemas: JSON.parse(row.ui_schemas) as FormDocument['uiSchemas'],
    labels: {
      'zh-CN': JSON.parse(row.labels_zh) as Record<string, string>,
      en: JSON.parse(row.labels_en) as Record<string, string>,
    },
  };
}

export function detailOf(name: EditableFormName, row: FormVersionTable): FormVersionDetail {
  return { name, ...entryOf(row), document: documentOf(row) };
}

/** The columns of a document; the schema carries the version it is (its x-version), whatever the editor sent. */
export function documentColumns(document: FormDocument, version: number) {
  return {
    schema: JSON.stringify({ ...document.schema, 'x-version': version }),
    ui_schemas: JSON.stringify(document.uiSchemas),
    labels_zh: JSON.stringify(document.labels['zh-CN']),
    labels_en: JSON.stringify(document.labels.en),
  };
}

function malformed(details: string): AppError {
  return new AppError('formDocumentMalformed', { details });
}

/** A body's document, checked for its shape (its content is the check's business). */
export function parseFormDocument(value: unknown): FormDocument {
  if (!isPlainObject(value)) throw malformed('document must be an object {schema, uiSchemas, labels}');
  const { schema, uiSchemas, labels } = value;
  if (!isPlainObject(schema)) throw malformed('/schema must be an object');
  if (!isPlainObject(uiSchemas) || !Object.values(uiSchemas).every(isPlainObject)) throw malformed('/uiSchemas must map names to objects');
  if (!isPlainObject(labels)) throw malformed('/labels must be an object with zh-CN and en');
  for (const language of formLanguages) {
    const texts = labels[language];
    if (!isPlainObject(texts) || !Object.values(texts).every((text) => typeof text === 'string'))
      throw malformed(`/labels/${language} must map keys to texts`);
  }
  return {
    schema,
    uiSchemas: uiSchemas as FormDocument['uiSchemas'],
    labels: { 'zh-CN': labels['zh-CN'] as Record<string, string>, en: labels.en as Record<string, string> },
  };
}
