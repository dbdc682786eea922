/** Cheap scrypt for tests (production default is 2^17); rate limits off unless a test wants them. */
export const TEST_ENV = {
  NODE_ENV: 'test',
  SCRYPT_LOG2N: '10',
  RATE_LIMITS: 'false',
  SESSION_SECRET: 'test-session-secret-test-session-secret',
  CODE_SECRET: 'test-code-secret-test-code-secret-xx',
  LOG_LEVEL: 'silent',
};
