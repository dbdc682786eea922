/** The filing number of a build without VITE_FILING_NUMBER: marks a development build (also read by scripts/boot-shell-plugin.ts). */
export const DEFAULT_FILING_NUMBER = 'ICP-DEV-000000';
