/**
 * `npm run cluster`: a local try-out of the deployment of issue 20. Starts CLUSTER_INSTANCES
 * (default 2) portal instances on PostgreSQL (DATABASE_URL, default the local server's
 * `postgres` database, schema DATABASE_SCHEMA=summit_cluster) and Redis (REDIS_URL, default
 * redis://127.0.0.1:6379), each with its own DATA_DIR under ./data-cluster, one shared
 * UPLOAD_DIR and shared secrets, behind Debian's nginx on CLUSTER_PORT (default 8080) with
 * deploy/nginx.conf. Ctrl-C stops everything (instances gracefully).
 */
import path from 'node:path';
import pg from 'pg';
import { nginxAvailable, repoRoot, startCluster } from './cluster/cluster-runner.js';

const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseSchema = process.env.DATABASE_SCHEMA || 'summit_cluster';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const instances = Number(process.env.CLUSTER_INSTANCES || 2);
const port = Number(process.env.CLUSTER_PORT || 8080);

async function main(): Promise<void> {
  if (!nginxAvailable()) throw new Error('nginx not found: apt-get install -y nginx (or set NGINX_PATH)');
  if (!/^[a-z_][a-z0-9_]*$/i.test(databaseSchema)) throw new Error('DATABASE_SCHEMA must be a plain identifier');
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema if not exists ${databaseSchema}`);
  await admin.end();

  const cluster = await startCluster({
    instances,
    workDir: path.join(repoRoot, 'data-cluster'),
    databaseUrl,
    databaseSchema,
    redisUrl,
    port,
    codes: true,
    echo: true,
  });
  console.log(
    [
      `Summit portal cluster: http://127.0.0.1:${cluster.nginx.port}/ (nginx, deploy/nginx.conf)`,
      ...cluster.instances.map((instance) => `  ${instance.name}: ${instance.baseUrl} (/healthz, /readyz, /metrics from this machine)`),
      `  codes: ${cluster.codes!.baseUrl}/exhibition/dev/outbox?to=<account or captcha uuid> (a loopback instance with the dev outbox; make image codes there, the instances behind nginx refuse DEV_OUTBOX)`,
      `  PostgreSQL ${databaseUrl} schema ${databaseSchema}; Redis ${redisUrl}; uploads ${cluster.uploadDir}`,
      'Ctrl-C stops nginx and the instances.',
    ].join('\n'),
  );
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void cluster.stop().then(() => process.exit(0));
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
