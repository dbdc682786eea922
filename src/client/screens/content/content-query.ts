import type { ContentQuery } from '../../api/content-endpoints';
import { filterText, orderOfListQuery, pagingOf, type ListLoadQuery } from '../../engine/list-query';

/**
 * The query of a content list: its page, the keyword its filter bar has, the list's own filters
 * (a session, a category) and the order its headers set.
 */
export function contentQueryOf(query: ListLoadQuery, filters: Pick<ContentQuery, 'session' | 'category'> = {}): ContentQuery {
  return {
    ...pagingOf(query, 10),
    keyword: filterText(query.keyword),
    ...filters,
    ...orderOfListQuery(query),
  };
}
