import type { UiSchema } from '@rjsf/utils';
import type { FormAssets } from './form-assets';
import type { ListQuery } from './list-query';

/** A query field the list's ui-schema hides: not a field of its filter bar, nor one the list reads from the URL. */
export function hiddenInUiSchema(uiSchema: UiSchema | undefined, field: string): boolean {
  return (uiSchema?.[field] as UiSchema | undefined)?.['ui:widget'] === 'hidden';
}

/**
 * The filters and page read from the URL, as far as the query schema takes them: a hand-edited
 * or stale link (`?status=foo`, `?pageNum=10000000`, a field the UI schema hides) would
 * otherwise be sent as is and answered 400, leaving the list in its failed state with nothing
 * on screen to correct. Refused filters and hidden fields are dropped; a refused page is page 1.
 */
export function checkedListQuery(query: ListQuery, assets: FormAssets & { uiSchema: UiSchema }, pageSize: number): ListQuery {
  const filters = Object.fromEntries(Object.entries(query.filters).filter(([field]) => !hiddenInUiSchema(assets.uiSchema, field)));
  const data = { ...filters, pageNum: String(query.pageNum), pageSize: String(pageSize) };
  const { errors } = assets.validator.validateFormData(data, assets.schema);
  const refused = new Set(errors.map((error) => (error.property ?? '').replace(/^\./, '').split('.')[0]));
  return {
    filters: Object.fromEntries(Object.entries(filters).filter(([field]) => !refused.has(field))),
    pageNum: refused.has('pageNum') ? 1 : query.pageNum,
  };
}
