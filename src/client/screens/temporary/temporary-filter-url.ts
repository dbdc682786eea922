import type { AuditStatus } from '../../../shared/guest-api';
import { auditStatuses } from '../../../shared/schema-enums';
import { temporaryTypes, type TemporaryType } from '../../../shared/temporary-api';
import type { TemporaryQuery } from '../../api/temporary-endpoints';

export type TemporaryFilter = Omit<TemporaryQuery, 'pageNum' | 'pageSize'>;

/** `?status=all` stands for "every status"; no status at all opens the pending ones (the review's work). */
const ALL = 'all';
const DEFAULT_STATUS: AuditStatus = 'pending';

/** The review filter as the URL holds it (so reload, links and Back keep it); unknown values fall back. */
export function filterFromSearch(search: URLSearchParams): TemporaryFilter {
  const status = search.get('status');
  const type = search.get('registrationType');
  const keyword = search.get('keyword')?.trim();
  return {
    status: status === ALL ? undefined : (auditStatuses.find((item): item is AuditStatus => item === status) ?? DEFAULT_STATUS),
    registrationType: temporaryTypes.find((item): item is TemporaryType => item === type),
    keyword: keyword || undefined,
  };
}

export function searchFromFilter(filter: TemporaryFilter): Record<string, string> {
  const search: Record<string, string> = { status: filter.status ?? ALL };
  if (filter.registrationType) search.registrationType = filter.registrationType;
  if (filter.keyword) search.keyword = filter.keyword;
  return search;
}

/** The order the list's headers set (sort, order): a new filter keeps it, and starts again at page 1. */
export function listOrderOf(search: URLSearchParams): Record<string, string> {
  const order: Record<string, string> = {};
  for (const field of ['sort', 'order']) {
    const value = search.get(field);
    if (value) order[field] = value;
  }
  return order;
}
