/** Cheap scrypt for tests (production default is 2^17); rate limits off unless a test wants them. */
export const TEST_ENV = {
  NODE_ENV: 'test',
  SCRYPT_LOG2N: '10',
  RATE_LIMITS: 'false',
  SESSION_SECRET: 'test-session-secret-test-session-secret',
  CODE_SECRET: 'test-code-secret-test-code-secret-xx',
  // fixed test keys (32 bytes each): a run's rows stay readable across the apps a test builds
  DATA_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  DATA_INDEX_KEY: 'fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210',
  LOG_LEVEL: 'silent',
  // tests read codes from the dev outbox, which is off unless switched on
  DEV_OUTBOX: '1',
  // queued messages wait for the test that drains them (app.services.messages.worker): automatic
  // ones would otherwise land in the dev outbox beside the codes other tests read from it
  MESSAGE_WORKER: '0',
};
