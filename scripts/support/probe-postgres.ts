import pg from 'pg';

/** Whether a PostgreSQL answers a query at `url` within 3 s (the tests, the cluster suite and the bench ask the same way). */
export async function probePostgres(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
