/** Base path of every API call (SPEC section 7). */
export const API_BASE = '/exhibition';

const SLASH = 0x2f;
const QUESTION_MARK = 0x3f;

/** Whether a request URL (its query included) is `path` or below it; allocates nothing (every request asks). */
export function isAtOrBelow(url: string, path: string): boolean {
  if (!url.startsWith(path)) return false;
  const next = url.charCodeAt(path.length);
  return Number.isNaN(next) || next === SLASH || next === QUESTION_MARK;
}

/**
 * Header of a sign-in refused because the password-hash queue is full (429): the turn the
 * server promised; the client sends it back with its retry after Retry-After.
 */
export const SIGN_IN_TURN_HEADER = 'x-sign-in-turn';

/** Paths relative to API_BASE, exactly as SPEC section 7 names them. */
export const apiPaths = {
  verifyCode: 'center/front/getVerifyCode',
  accountExists: 'center/user/front/exists',
  sendMessageCode: 'center/front/anonMsgCode',
  login: 'center/user/front/login',
  securityCodeLogin: 'center/user/front/securityCodeLogin',
  guestLogin: 'center/user/front/guestLogin',
  loginInfo: 'center/user/basic/loginInfo',
  userMenuTree: 'center/menu/basic/userMenuTree',
  logout: 'center/user/basic/logout',
  register: 'qms/user-register/registerAndCheck',
  changePassword: 'center/user/basic/changPwd',
  changeAccount: 'center/user/basic/changeAccount',
  resetPassword: 'center/user/front/resetPwd',
  myNoticePage: 'qms/notice-announce/myNoticePage',
  /** GET: the caller's notices as their list shows them (.xlsx, audited) */
  exportMyNotices: 'qms/export/notices',
  readNotice: 'qms/notice-announce/readNotice',
  unreadNoticeCount: 'qms/notice-announce/myUnReadNoticeCount',
  masterInfo: 'qms/group-participant-link-info/front/getMasterInfo',
  devOutbox: 'dev/outbox',
} as const;

export type ApiPathName = keyof typeof apiPaths;
