import { DEFAULT_FILING_NUMBER } from './default-filing-number';

/**
 * Build-time settings of the client (Vite env). The filing number is set per deployment
 * (VITE_FILING_NUMBER); the default marks a development build.
 */
export const siteConfig = {
  filingNumber: (import.meta.env.VITE_FILING_NUMBER as string | undefined) ?? DEFAULT_FILING_NUMBER,
};
