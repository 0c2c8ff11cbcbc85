import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapterUsers, seminarCompletions, sessions } from '../db/schema/index.ts';
import { TUS_SWEEP_JOB } from '../modules/chapters/chapter-uploads.ts';
import { CLOSE_WINDOWS_JOB } from '../modules/graduate/use-cases/close-windows.ts';
import { PRIVACY_SWEEP_JOB } from '../modules/privacy/privacy.service.ts';
import { CATCH_UP_JOB } from '../modules/progress/progress.service.ts';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../test/build-test-app.ts';
import { seminarFixtures } from '../test/fixtures.ts';
import { drainJobs } from '../test/jobs.ts';
import { SESSION_SWEEP_JOB } from './session.ts';

/*
 * The sweeps are scheduled jobs of the queue (issue 35): a schedule fires once per period across
 * all instances (lib/job-queue.test.ts counts it on PostgreSQL), no instance runs a timer of its
 * own. Here: the schedules exist, and each job does its sweep.
 */

const rows = async <T>(t: TestApp, query: ReturnType<typeof sql>) =>
  ((await t.app.database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('the sweeps on the job queue', () => {
  let t: TestApp;
  const clock = { t: Date.now() };
  beforeAll(async () => {
    // schedules on, as in production (test apps leave them off: tests sweep on their own clock)
    t = await buildTestApp({ jobSchedules: true }, { now: () => clock.t });
  });
  afterAll(() => t.close());

  it('schedules the sweeps (privacy every 15 minutes, sessions every 10, tus hourly) and the reminder runs (UTC)', async () => {
    const found = await rows<{ name: string; cron: string; timezone: string }>(
      t,
      sql`SELECT name, cron, timezone FROM pgboss.schedule ORDER BY name`,
    );
    expect(found).toEqual([
      // the reminder runs of issue 36 item 6: drip hourly, due reminders daily, the digest on Mondays
      { name: 'drip-unlocks', cron: '5 * * * *', timezone: 'UTC' },
      { name: 'due-reminders', cron: '0 6 * * *', timezone: 'UTC' },
      // the runs a test's window leaves open scored at its close (issue 37 item 4), every minute
      { name: CLOSE_WINDOWS_JOB, cron: '* * * * *', timezone: 'UTC' },
      // the payment reminders of overdue invoices (issue 38 item 3), daily
      { name: 'invoice-reminders', cron: '30 6 * * *', timezone: 'UTC' },
      { name: 'manager-digest', cron: '0 6 * * 1', timezone: 'UTC' },
      { name: PRIVACY_SWEEP_JOB, cron: '*/15 * * * *', timezone: 'UTC' },
      // completions met but not stored (a crash between a write and its evaluation), nightly (issue 36 item 3)
      { name: CATCH_UP_JOB, cron: '40 3 * * *', timezone: 'UTC' },
      // the expiry warnings of seat packages (issue 38 item 4), daily
      { name: 'seat-expiry', cron: '15 6 * * *', timezone: 'UTC' },
      { name: SESSION_SWEEP_JOB, cron: '*/10 * * * *', timezone: 'UTC' },
      { name: TUS_SWEEP_JOB, cron: '17 * * * *', timezone: 'UTC' },
    ]);
  });

  it('the session sweep job removes sessions idle for longer than the idle limit', async () => {
    const user = await t.make.user();
    await t.loginAs(user.email, TEST_PASSWORD);
    const mine = sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${user.id}`;
    expect((await rows<{ n: number }>(t, mine))[0]?.n).toBe(1);
    clock.t += (t.config.sessionIdleMinutes + 1) * 60_000;
    await t.app.jobs.enqueue(SESSION_SWEEP_JOB, {});
    await drainJobs(t.app);
    expect((await rows<{ n: number }>(t, mine))[0]?.n).toBe(0);
    expect(await t.app.database.db.select().from(sessions)).toEqual([]);
  });

  it("the nightly catch-up job stores a completion met but not stored, dated at the learner's last activity (issue 36 item 3)", async () => {
    const fx = seminarFixtures(t.app);
    const [owner, learner] = [await t.make.user({ scopes: ['trainer'] }), await t.make.user()];
    const s = await fx.seminar(owner.id, { bookedBy: [learner.id] });
    const c = await fx.chapter(s.id);
    // the chapter marked done as a crashed write leaves it: no evaluation after it
    const doneAt = new Date('2026-03-02T10:00:00Z');
    await t.app.database.db.insert(chapterUsers).values({ chapterId: c.id, userId: learner.id, doneAt });
    await t.app.jobs.enqueue(CATCH_UP_JOB, {});
    await drainJobs(t.app);
    const stored = await t.app.database.db
      .select()
      .from(seminarCompletions)
      .where(and(eq(seminarCompletions.userId, learner.id), eq(seminarCompletions.seminarId, s.id)));
    expect(stored).toHaveLength(1);
    // the day the last fact happened, not the night the job ran
    expect(stored[0]?.completedAt.toISOString()).toBe(doneAt.toISOString());
  });

  it('the privacy sweep job runs the sweep and completes', async () => {
    const id = await t.app.jobs.enqueue(PRIVACY_SWEEP_JOB, {});
    await drainJobs(t.app);
    const [job] = await rows<{ state: string }>(t, sql`SELECT state FROM pgboss.job WHERE id = ${id}`);
    expect(job?.state).toBe('completed');
  });

  it('an admin runs a scheduled job now (audited); a kind without a schedule, other roles and bad bodies are refused', async () => {
    const admin = await t.loginAs((await t.make.user({ scopes: ['admin'] })).email);
    const stats = (await admin.get('/api/admin/jobs')).json() as { kind: string; schedule: string | null }[];
    expect(stats.find((s) => s.kind === 'due-reminders')?.schedule).toBe('0 6 * * *');
    expect(stats.find((s) => s.kind === 'mail')?.schedule).toBeNull();
    const res = await admin.post('/api/admin/jobs/run', { kind: 'due-reminders' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: 'Der Auftrag wird jetzt ausgeführt.' });
    await drainJobs(t.app);
    const done = await rows<{ state: string }>(
      t,
      sql`SELECT state FROM pgboss.job WHERE name = 'due-reminders' ORDER BY created_on DESC LIMIT 1`,
    );
    expect(done[0]?.state).toBe('completed');
    const audit = (await admin.get('/api/admin/audit?action=job.run')).json() as {
      data: { target_label: string }[];
    };
    expect(audit.data.map((e) => e.target_label)).toEqual(['due-reminders']);
    for (const kind of ['mail', 'no-such-job']) {
      const refused = await admin.post('/api/admin/jobs/run', { kind });
      expect(refused.statusCode, kind).toBe(404);
      expect(refused.json().message).toBe('Diesen Auftrag gibt es nicht als geplanten Auftrag.');
    }
    for (const body of [{}, { kind: '' }, { kind: 'x'.repeat(101) }, { kind: 'mail', extra: 1 }]) {
      expect((await admin.post('/api/admin/jobs/run', body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    const student = await t.loginAs((await t.make.user()).email);
    expect((await student.post('/api/admin/jobs/run', { kind: 'due-reminders' })).statusCode).toBe(403);
  });
});
