import { apiPaths } from '../../shared/api-paths';
import type { LoginInfoData, MasterInfoData, MenuNode, NoticeItem, Page, VerifyCodeData } from '../../shared/api-types';
import { http } from './app-http-client';

/** Typed calls of SPEC section 7 used by the client code (forms use `operations` in the engine). */
export const api = {
  verifyCode: () => http.request<VerifyCodeData>('get', apiPaths.verifyCode),
  loginInfo: () => http.request<LoginInfoData>('get', apiPaths.loginInfo, { searchParams: { entranceTypes: 2 } }),
  userMenuTree: () => http.request<MenuNode[]>('get', apiPaths.userMenuTree, { searchParams: { entranceTypes: 2 } }),
  // a 401 here means the server already ended the session (e.g. after a password change): the
  // logout is done, no "verification failed, log in again" dialog
  logout: () => http.request<unknown>('post', apiPaths.logout, { exemptFromAuthPrompt: true }),
  unreadNoticeCount: () => http.request<number>('get', apiPaths.unreadNoticeCount),
  /** `order`: the list's column and direction (absent: newest first) */
  myNoticePage: (pageNum: number, pageSize: number, order: Record<string, string> = {}) =>
    http.request<Page<NoticeItem>>('get', apiPaths.myNoticePage, { searchParams: { ...order, pageNum, pageSize } }),
  readNotice: (id: string) => http.request<unknown>('post', apiPaths.readNotice, { searchParams: { id } }),
  masterInfo: () => http.request<MasterInfoData>('get', apiPaths.masterInfo, { exemptFromAuthPrompt: true }),
};
