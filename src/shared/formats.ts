/**
 * The named string formats of SPEC section 5, shared by the browser, the server, the
 * codegen (ajv `addFormat` and ajv standalone `code.formats`) and the conformance runner.
 *
 * This module must stay dependency-free and side-effect-free: the generated standalone
 * validators import it, so it ends up in the browser bundle and must not pull anything in.
 * Every entry is a plain `(value: string) => boolean`; ajv only calls formats on strings
 * (a non-string value is ignored by the `format` keyword and left to `type`).
 */

/** Optional +86 or 0086, then 1, then 3-9, then 9 more digits. */
const MOBILE = /^(?:\+86|0086)?1[3-9]\d{9}$/;

/**
 * Optional area code (0 followed by 2-3 digits, as mainland area codes are) and a dash,
 * then a 7- or 8-digit number, then optionally a dash and a 1-6 digit extension.
 */
const LANDLINE = /^(?:0\d{2,3}-)?\d{7,8}(?:-\d{1,6})?$/;

/**
 * The usual practical pattern: local part of the WHATWG (HTML input type=email) set of
 * characters, a domain of dot-separated labels (no leading/trailing hyphen) with at least
 * one dot and a top-level label of 2+ letters. 254 characters at most (RFC 5321 path).
 */
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
const EMAIL_MAX_LENGTH = 254;

/** Latin: words starting with a capital letter, separated by single spaces. */
const LATIN_NAME = /^[A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)*$/;
/** Chinese: CJK ideographs (basic block + extension A), optionally joined by the middle dot U+00B7. */
const CHINESE_NAME = /^[\u3400-\u4dbf\u4e00-\u9fff]+(?:\u00b7[\u3400-\u4dbf\u4e00-\u9fff]+)*$/;

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 20;
/** Printable ASCII without the space: letters, digits and the 32 ASCII symbols. */
const PASSWORD_CHARS = /^[!-~]+$/;
const ASCII_SYMBOL = /[!-/:-@[-`{-~]/;

/** Exactly 4 letters or digits (image code and SMS/e-mail code alike). */
const VERIFY_CODE = /^[A-Za-z0-9]{4}$/;

/** Scheme is case-insensitive (RFC 3986); something must follow it and no whitespace. */
const EXTERNAL_LINK = /^(?:https?|mailto|tel):\S+$/i;

/** Three characters in a row that are the same, e.g. "aaa" or "111". */
function hasTripleRepeat(value: string): boolean {
  for (let i = 2; i < value.length; i += 1) {
    if (value[i] === value[i - 1] && value[i] === value[i - 2]) return true;
  }
  return false;
}

/**
 * Ascending runs only count inside one class: digits, or letters compared without case
 * ("abc", "aBc" and "XYZ" alike). Returns the folded code, or -1 for other characters.
 */
function foldedCode(code: number): number {
  if (code >= 48 && code <= 57) return code;
  if (code >= 97 && code <= 122) return code;
  if (code >= 65 && code <= 90) return code + 32;
  return -1;
}

function isDigitCode(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Three consecutive ascending characters, e.g. "abc", "aBc", "XYZ", "123"; symbols never count. */
function hasAscendingRun(value: string): boolean {
  for (let i = 2; i < value.length; i += 1) {
    const a = foldedCode(value.charCodeAt(i - 2));
    const b = foldedCode(value.charCodeAt(i - 1));
    const c = foldedCode(value.charCodeAt(i));
    if (a < 0 || b < 0 || c < 0 || isDigitCode(a) !== isDigitCode(c)) continue;
    if (b === a + 1 && c === b + 1) return true;
  }
  return false;
}

function isPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN &&
    value.length <= PASSWORD_MAX &&
    PASSWORD_CHARS.test(value) &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /[0-9]/.test(value) &&
    ASCII_SYMBOL.test(value) &&
    !hasTripleRepeat(value) &&
    !hasAscendingRun(value)
  );
}

/** GB 11643-1999 weights of the first 17 digits, and the check character per sum mod 11. */
const RESIDENT_ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const RESIDENT_ID_CHECK = '10X98765432';
/** 6-digit area code (first digit 1-9), 8-digit birth date, 3-digit sequence, check char. */
const RESIDENT_ID_SHAPE = /^[1-9]\d{5}(\d{4})(\d{2})(\d{2})\d{3}[\dXx]$/;
const RESIDENT_ID_MIN_YEAR = 1900;

/** The check character (0-9 or X) of the first 17 digits of a resident ID number. */
export function residentIdCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * (RESIDENT_ID_WEIGHTS[i] ?? 0);
  return RESIDENT_ID_CHECK[sum % 11] ?? '';
}

/**
 * 18-character mainland resident ID number (GB 11643): valid shape, a real calendar birth
 * date between 1900-01-01 and today, and a matching check character (X or x accepted).
 */
export function isValidResidentId(id: string, today: Date = new Date()): boolean {
  const match = RESIDENT_ID_SHAPE.exec(id);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const birth = new Date(Date.UTC(year, month - 1, day));
  const realDate = birth.getUTCFullYear() === year && birth.getUTCMonth() === month - 1 && birth.getUTCDate() === day;
  if (!realDate || year < RESIDENT_ID_MIN_YEAR) return false;
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (birth.getTime() > todayUtc) return false;
  return residentIdCheckChar(id.slice(0, 17)) === id.charAt(17).toUpperCase();
}

export const formats = {
  mobile: (value: string): boolean => MOBILE.test(value),
  landline: (value: string): boolean => LANDLINE.test(value),
  email: (value: string): boolean => value.length <= EMAIL_MAX_LENGTH && EMAIL.test(value),
  'person-name': (value: string): boolean => LATIN_NAME.test(value) || CHINESE_NAME.test(value),
  /** Temporary registration (SPEC 5): "name with capitalised English", Latin words only. */
  'latin-person-name': (value: string): boolean => LATIN_NAME.test(value),
  password: isPassword,
  'verify-code': (value: string): boolean => VERIFY_CODE.test(value),
  'external-link': (value: string): boolean => EXTERNAL_LINK.test(value),
  'cn-resident-id': (value: string): boolean => isValidResidentId(value),
} satisfies Record<string, (value: string) => boolean>;

export type FormatName = keyof typeof formats;

export const formatNames = Object.keys(formats) as FormatName[];

export function isFormatName(name: string): name is FormatName {
  return Object.prototype.hasOwnProperty.call(formats, name);
}
