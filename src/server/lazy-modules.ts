/**
 * Packages the server needs only for some requests, loaded on first use instead of at start:
 * image work (sharp), image codes (svg-captcha, which reads its font when loaded) and
 * workbooks (exceljs). Together they were about a third of a warm start's CPU time before the
 * first answer. Each loads once; Node caches the module.
 */
export const loadSharp = async () => (await import('sharp')).default;
export const loadExcel = async () => (await import('exceljs')).default;
export const loadSvgCaptcha = async () => (await import('svg-captcha')).default;
