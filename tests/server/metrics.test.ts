import net, { type AddressInfo } from 'node:net';
import { once } from 'node:events';
import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { REQUEST_DURATION_BUCKETS, RequestDurations } from '../../src/server/cluster/request-durations.js';
import { uploadPaths } from '../../src/shared/upload-api.js';
import { tokenFor, useTestApp } from './helpers/test-app.js';

/** Issue 20 point 3: Prometheus metrics of the instance, read from loopback. */
describe('metrics', () => {
  const t = useTestApp('sqlite');

  it('times each request under its route pattern, never its URL', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(before.statusCode).toBe(200);
    const count = (text: string) =>
      Number(
        /http_request_duration_seconds_count\{method="GET",route="\/exhibition\/qms\/edition\/current",status="200"\} (\d+)/.exec(
          text,
        )?.[1] ?? 0,
      );
    for (let i = 0; i < 3; i += 1)
      expect((await t.app.inject({ method: 'GET', url: '/exhibition/qms/edition/current?x=1' })).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(count(after.body) - count(before.body)).toBe(3);
    expect(after.body).not.toContain('x=1');
    const sum = Number(
      /http_request_duration_seconds_sum\{method="GET",route="\/exhibition\/qms\/edition\/current",status="200"\} ([\d.e-]+)/.exec(
        after.body,
      )?.[1],
    );
    // seconds, not milliseconds: three cheap reads take well under a second together
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(3);
    expect(after.body).toContain('password_hash_queue_depth');
  });

  it('shows the face-detection pool beside the hash queue: its workers, detections running and waiting', async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
    const value = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1]);
    expect(value('face_workers')).toBe(t.app.config.faceWorkers);
    expect(value('face_detections_running')).toBe(0);
    expect(value('face_detections_waiting')).toBe(0);
    expect(value('face_workers_live')).toBe(0);
  });

  it('is not served to a remote caller without the token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
  });
});

describe('uploads in flight', () => {
  const t = useTestApp('sqlite');

  const inFlight = async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
    return Number(/^uploads_in_flight (\d+)$/m.exec(text)?.[1]);
  };

  it('counts an upload while its body arrives, and no longer once the client went away', async () => {
    const token = await tokenFor(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    expect(await inFlight()).toBe(0);
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const boundary = 'metricsboundary';
    // the headers and the rule part of a 1 MB file, then nothing: the upload is being received
    socket.write(
      [
        `POST /exhibition/${uploadPaths.upload} HTTP/1.1`,
        'Host: 127.0.0.1',
        `Authorization: Bearer ${token}`,
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        `Content-Length: ${1024 * 1024}`,
        '',
        '',
      ].join('\r\n') +
        `--${boundary}\r\nContent-Disposition: form-data; name="rule"\r\n\r\nphoto\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    await expect.poll(inFlight, { timeout: 5000 }).toBe(1);
    socket.destroy();
    await expect.poll(inFlight, { timeout: 5000 }).toBe(0);
    // an ordinary request is no upload
    await t.app.inject({ method: 'GET', url: '/exhibition/qms/edition/current' });
    expect(await inFlight()).toBe(0);
  });
});

describe('request durations', () => {
  it("write exactly what prom-client's own Histogram writes for the same answers", async () => {
    const theirs = new Registry();
    const histogram = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Request duration by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [...REQUEST_DURATION_BUCKETS],
      registers: [theirs],
    });
    const ours = new Registry();
    const durations = new RequestDurations();
    ours.registerMetric(durations.asMetric());
    const answers: [string, string, number, number][] = [
      ['GET', '/a', 200, 0.001],
      ['GET', '/a', 200, 0.005],
      ['GET', '/a', 404, 0.2],
      ['POST', '/b/:id', 200, 31],
      ['GET', 'unmatched', 404, 0.0101],
    ];
    for (const [method, route, status, seconds] of answers) {
      histogram.observe({ method, route, status: String(status) }, seconds);
      durations.observe(method, route, status, seconds);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
  });
});
