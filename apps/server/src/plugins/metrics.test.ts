import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { failedJob } from '../test/jobs.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('GET /metrics (Prometheus)', () => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ metricsToken: TOKEN });
    off = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
    await off.close();
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const res = await off.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
  });

  it('asks for the bearer token: none, wrong, or the right one with another length', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('reports request durations by route pattern and status, event-loop lag and memory', async () => {
    await t.app.inject({ method: 'GET', url: '/api/seminars/12345' });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = res.body;
    // the pattern with its parameter, not the raw id
    expect(body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/seminars\/:id",status="\d{3}"\} 1/,
    );
    expect(body).not.toContain('12345');
    expect(body).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/health",status="200"\}/,
    );
    expect(body).toContain('nodejs_eventloop_lag_seconds');
    expect(body).toContain('process_resident_memory_bytes');
    expect(body).toContain('nodejs_heap_size_used_bytes');
    if (t.app.database.kind === 'pg') expect(body).toMatch(/db_pool_connections\{state="total"\} \d+/);
  });

  it('reports the job queue per kind: queued, running and failed jobs, the oldest waiting one', async () => {
    await failedJob(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const body = res.body;
    expect(body).toMatch(/job_queue_jobs\{kind="test-failing",state="failed"\} 1/);
    expect(body).toMatch(/job_queue_jobs\{kind="mail",state="queued"\} 0/);
    expect(body).toMatch(/job_queue_jobs\{kind="mail",state="active"\} 0/);
    expect(body).toMatch(/job_queue_oldest_waiting_seconds\{kind="mail"\} 0/);
  });
});
