/**
 * Every API response body is this envelope. `code` follows HTTP meaning and the HTTP
 * status matches it, except business errors (e.g. the invitation-code catalogue
 * 10001-10007), which travel with HTTP 400 (or 409/403 as documented) and their own code.
 */
export interface Envelope<T = unknown> {
  code: number;
  /** Translated, human-readable message in the request's language. */
  msg: string;
  data: T;
  /** i18n key of `msg` (so a client can re-translate), present on errors. */
  key?: string;
  /** Field errors of a failed validation: JSON pointer of the field -> translated message. */
  fieldErrors?: FieldErrorItem[];
  /** Request id, present on 5xx so a user can quote it. */
  requestId?: string;
}

export interface FieldErrorItem {
  /** JSON pointer of the failing field, '' for the whole document. */
  pointer: string;
  /** i18n key of the message. */
  key: string;
  /** Translated message. */
  message: string;
}
