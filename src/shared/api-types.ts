/** Response shapes shared by the server and the client (SPEC says "not shown": these are ours). */
import type { GuestDetail } from './guest-api.js';

export type AccountType =
  | 'enterprise'
  | 'government'
  | 'media'
  | 'staff'
  | 'volunteer'
  | 'same-period'
  | 'guest'
  | 'organiser';

/** data of GET center/front/getVerifyCode */
export interface VerifyCodeData {
  /** id to send back with the answer */
  uuid: string;
  /** data URL of a PNG image */
  img: string;
}

/** data of GET center/user/basic/loginInfo */
export interface LoginInfoData {
  user: {
    id: string;
    account: string;
    name: string;
    userType: AccountType;
    unitId: string | null;
  };
  /** account types of the user (header label etc.) */
  types: AccountType[];
  permissions: string[];
}

/** one node of GET center/menu/basic/userMenuTree */
export interface MenuNode {
  /** route path, absolute ('/myNotice') or relative to the parent */
  path: string;
  /** unique route name */
  name: string;
  /** key of a client screen declaration ('Layout' for a parent group) */
  component: string;
  redirect?: string;
  meta: { title: string; icon?: string; hidden?: boolean; affix?: boolean; permissions?: string[] };
  children?: MenuNode[];
}

/** data of GET qms/notice-announce/myNoticePage */
export interface Page<T> {
  records: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export interface NoticeItem {
  id: string;
  title: string;
  content: string;
  /** UTC ISO string */
  releaseTime: string;
  read: boolean;
}

/** one message of GET dev/outbox (development only) */
export interface OutboxMessage {
  id: string;
  channel: 'sms' | 'email' | 'captcha';
  /** mobile, e-mail address, or the captcha uuid */
  to: string;
  /** the one-time code or captcha answer, in clear (dev outbox only) */
  code: string | null;
  subject: string | null;
  body: string;
  createdAt: string;
}

/** data of GET qms/group-participant-link-info/front/getMasterInfo (added by the server engineer) */
export interface MasterInfoData {
  /** the caller's own guest registration (special-guest accounts), else null */
  guest: {
    id: string;
    name: string;
    mobile: string | null;
    email: string | null;
    auditStatus: 'pending' | 'approved' | 'rejected';
  } | null;
  /** the caller's unit (enterprise, government, media accounts), else null */
  unit: { id: string; name: string; unitType: string } | null;
  /**
   * the caller's own registration in full (guest accounts: status, reason, documents, itinerary,
   * reception, entourage), ID numbers masked; null when no registration of the current edition is linked
   */
  registration?: GuestDetail | null;
}
