import { nginxAvailable } from '../../scripts/cluster/cluster-runner.js';
import { probePostgres } from '../../scripts/support/probe-postgres.js';
import { probeRedis } from '../server/helpers/redis.js';

export const CLUSTER_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const CLUSTER_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** What is missing for the cluster suite (nginx, PostgreSQL, Redis), empty when all are there. */
export async function missingPrerequisites(): Promise<string[]> {
  const missing: string[] = [];
  if (!nginxAvailable()) missing.push('nginx (apt-get install -y nginx)');
  if (!(await probePostgres(CLUSTER_DATABASE_URL))) missing.push(`PostgreSQL at ${CLUSTER_DATABASE_URL} (TEST_DATABASE_URL)`);
  if (!(await probeRedis(CLUSTER_REDIS_URL)))
    missing.push(`Redis at ${CLUSTER_REDIS_URL} (TEST_REDIS_URL; apt-get install -y redis-server)`);
  return missing;
}
