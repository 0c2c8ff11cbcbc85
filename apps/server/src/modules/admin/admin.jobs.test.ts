import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { drainJobs, failedJob } from '../../test/jobs.ts';

/**
 * The job queue in the admin area (issue 35, docs/api/admin.md): counts per kind, the failed jobs
 * with their last error and never their payload, retry and discard, both audited.
 */
describe('admin: the job queue', () => {
  let t: TestApp;
  let admin: Agent;
  let adminId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    const a = await t.make.user({ scopes: ['admin'] });
    adminId = a.id;
    admin = await t.loginAs(a.email);
  });
  afterAll(() => t.close());

  const auditOf = async (action: string) =>
    (await admin.get(`/api/admin/audit?action=${action}`)).json().data as {
      actor: { id: number };
      target_type: string;
      target_label: string;
    }[];

  it('counts waiting, running and failed jobs per kind; the mail kind is always listed', async () => {
    await failedJob(t.app, 'counted');
    const res = await admin.get('/api/admin/jobs');
    expect(res.statusCode).toBe(200);
    const kinds = res.json() as {
      kind: string;
      queued: number;
      failed: number;
      oldest_waiting_seconds: number;
    }[];
    expect(kinds.find((k) => k.kind === 'mail')).toMatchObject({ queued: 0, active: 0 });
    expect(kinds.find((k) => k.kind === 'test-failing')?.failed).toBeGreaterThanOrEqual(1);
  });

  it('lists the failed jobs page by page with their last error, not their payload', async () => {
    const ids = [await failedJob(t.app, 'first failure'), await failedJob(t.app, 'second failure')];
    const res = await admin.get('/api/admin/jobs/failed?kind=test-failing&per_page=1');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.per_page).toBe(1);
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.last_page).toBe(page.total);
    // the latest failure first
    expect(page.data).toEqual([
      {
        id: ids[1],
        kind: 'test-failing',
        last_error: 'second failure',
        attempts: 1,
        created_at: expect.any(String),
        failed_at: expect.any(String),
      },
    ]);
    expect(JSON.stringify(page)).not.toContain('"message"');
    const second = (await admin.get('/api/admin/jobs/failed?kind=test-failing&per_page=1&page=2')).json();
    expect(second.data[0].id).toBe(ids[0]);
    const other = (await admin.get('/api/admin/jobs/failed?kind=no-such-kind')).json();
    expect(other).toMatchObject({ data: [], total: 0 });
  });

  it('retries a failed job (it runs again) and records it in the audit trail', async () => {
    const id = await failedJob(t.app, 'retry me');
    const before = (await t.app.jobs.failed('test-failing')).find((j) => j.id === id)!;
    const res = await admin.post(`/api/admin/jobs/${id}/retry`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Der Auftrag wird erneut ausgeführt.');
    await drainJobs(t.app);
    // it ran again and failed again (the test kind always fails)
    const after = (await t.app.jobs.failed('test-failing')).find((j) => j.id === id);
    expect(Date.parse(after!.failedAt)).toBeGreaterThan(Date.parse(before.failedAt));
    const [entry] = await auditOf('job.retried');
    expect(entry).toMatchObject({
      actor: { id: adminId },
      target_type: 'job',
      target_label: `test-failing ${id}`,
    });
  });

  it('discards a failed job for good, audited; a second discard and a retry of it are 404', async () => {
    const id = await failedJob(t.app, 'discard me');
    expect((await admin.delete(`/api/admin/jobs/${id}`)).statusCode).toBe(204);
    expect((await t.app.jobs.failed('test-failing')).some((j) => j.id === id)).toBe(false);
    const [entry] = await auditOf('job.discarded');
    expect(entry).toMatchObject({ actor: { id: adminId }, target_label: `test-failing ${id}` });
    expect((await admin.delete(`/api/admin/jobs/${id}`)).statusCode).toBe(404);
    expect((await admin.post(`/api/admin/jobs/${id}/retry`)).statusCode).toBe(404);
  });

  it('refuses a job that is not failed (waiting) and an unknown id with 404, a malformed id with 422', async () => {
    const waiting = await t.app.jobs.enqueue(
      'test-failing',
      { message: 'later' },
      {
        startAfter: new Date(Date.now() + 3_600_000),
      },
    );
    expect((await admin.post(`/api/admin/jobs/${waiting}/retry`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/admin/jobs/${waiting}`)).statusCode).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await admin.post(`/api/admin/jobs/${unknown}/retry`)).statusCode).toBe(404);
    expect((await admin.delete('/api/admin/jobs/not-a-job-id')).statusCode).toBe(422);
    expect((await admin.post('/api/admin/jobs/0x10/retry')).statusCode).toBe(422);
    expect(await auditOf('job.discarded')).toHaveLength(1);
  });

  it('refuses a bad page query with 422', async () => {
    expect((await admin.get('/api/admin/jobs/failed?per_page=1000')).statusCode).toBe(422);
    expect((await admin.get(`/api/admin/jobs/failed?kind=${'k'.repeat(101)}`)).statusCode).toBe(422);
  });
});
