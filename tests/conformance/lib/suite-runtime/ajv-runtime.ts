/** The runtime helpers of suite-mode modules: the app's own (src/shared/ajv-runtime.ts), unchanged. */
export { equal, ucs2length } from '../../../../src/shared/ajv-runtime.js';
