/** Business constants of SPEC section 9. */
export const REQUEST_TIMEOUT_MS = 100_000;
export const ERROR_TOAST_MS = 2_500;
export const LANGUAGE_TOAST_MS = 1_000;
export const LANGUAGE_RELOAD_DELAY_MS = 100;
export const UNAUTHORISED_RELOAD_MS = 2_000;
export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 170;
export const THEME_COLOR = '#3d87fe';
export const DISPLAY_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DISPLAY_TIME_ZONE = 'Asia/Shanghai';
export const COPYRIGHT_YEARS = '2021-2025';
export const NUMBER_ABBREVIATIONS = ['k', 'M', 'G', 'T', 'P', 'E'] as const;
export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';
