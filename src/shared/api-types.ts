/** Response shapes shared by the server and the client (SPEC says "not shown": these are ours). */
import type {
  AccountType as GeneratedAccountType,
  ResponseLoginInfo,
  ResponseMasterInfo,
  ResponseNoticePage,
  ResponseOutboxMessages,
  ResponseVerifyCode,
} from '../generated/types.js';

/** every account type (definitions.json accountType) */
export type AccountType = GeneratedAccountType;

/** data of GET center/front/getVerifyCode */
export type VerifyCodeData = ResponseVerifyCode;

/** data of GET center/user/basic/loginInfo */
export type LoginInfoData = ResponseLoginInfo;

/** one node of GET center/menu/basic/userMenuTree (a type, not an interface: it must fit the answer schema's loose `children`) */
export type MenuNode = {
  /** route path, absolute ('/myNotice') or relative to the parent */
  path: string;
  /** unique route name */
  name: string;
  /** key of a client screen declaration ('Layout' for a parent group) */
  component: string;
  redirect?: string;
  meta: { title: string; icon?: string; hidden?: boolean; affix?: boolean; permissions?: string[] };
  children?: MenuNode[];
};

/** data of GET qms/notice-announce/myNoticePage */
export interface Page<T> {
  records: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** one notice of GET qms/notice-announce/myNoticePage */
export type NoticeItem = ResponseNoticePage['records'][number];

/** one message of GET dev/outbox (development only) */
export type OutboxMessage = ResponseOutboxMessages[number];

/** data of GET qms/group-participant-link-info/front/getMasterInfo */
export type MasterInfoData = ResponseMasterInfo;
