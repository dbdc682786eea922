import type { Language } from '../../shared/constants';

/** Language names are shown in their own language, so they are the same in every locale. */
export const LANGUAGE_NAMES: Record<Language, string> = { 'zh-CN': '中文', en: 'English' };
