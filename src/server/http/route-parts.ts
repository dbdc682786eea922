import { loadSchema } from './schema-loader.js';

/** Route schema parts of the guest-lifecycle routes (validation runs the precompiled validators). */
export const paramsOf = (name: string) => ({ params: loadSchema(name) });

export interface PageQuery {
  pageNum?: string;
  pageSize?: string;
}

const DEFAULT_PAGE_SIZE = 10;

/** The query schemas already checked the digits and bounds. */
export function pageOf(query: PageQuery): { pageNum: number; pageSize: number } {
  return { pageNum: Number(query.pageNum ?? 1), pageSize: Number(query.pageSize ?? DEFAULT_PAGE_SIZE) };
}

export interface IdParams {
  id: string;
}

export interface MemberParams {
  id: string;
  memberId: string;
}
