import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app.js';

/** Issue 20 point 3: Prometheus metrics of the instance, read from loopback. */
describe('metrics', () => {
  const t = useTestApp('sqlite');

  it('times each request under its route pattern, never its URL', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(before.statusCode).toBe(200);
    const count = (text: string) => Number(/http_request_duration_seconds_count\{method="GET",route="\/exhibition\/qms\/edition\/current",status="200"\} (\d+)/.exec(text)?.[1] ?? 0);
    for (let i = 0; i < 3; i += 1) expect((await t.app.inject({ method: 'GET', url: '/exhibition/qms/edition/current?x=1' })).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(count(after.body) - count(before.body)).toBe(3);
    expect(after.body).not.toContain('x=1');
    const sum = Number(/http_request_duration_seconds_sum\{method="GET",route="\/exhibition\/qms\/edition\/current",status="200"\} ([\d.e-]+)/.exec(after.body)?.[1]);
    // seconds, not milliseconds: three cheap reads take well under a second together
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(3);
    expect(after.body).toContain('password_hash_queue_depth');
  });

  it('is not served to a remote caller without the token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
  });
});
