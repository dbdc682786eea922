import path from 'node:path';
import { DataProtection } from '../src/server/security/data-protection.js';
import { loadDataKeyring } from '../src/server/security/data-keys.js';

/**
 * The server's keys as the scripts see them (same variables and DATA_DIR files as the server:
 * DATA_KEY, DATA_KEYS_OLD, DATA_INDEX_KEY); stops with the list of problems.
 */
export function dataProtectionFromEnv(env: Record<string, string | undefined> = process.env): DataProtection {
  const problems: string[] = [];
  const keyring = loadDataKeyring({
    env,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    production: env.NODE_ENV === 'production',
    shared: Boolean(env.REDIS_URL),
    problems,
  });
  if (problems.length > 0) throw new Error(`Invalid configuration:\n - ${problems.join('\n - ')}`);
  return new DataProtection(keyring);
}
