import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcItemResponses, userGraduateResults } from '../../db/schema/index.ts';
import { type JobQueue, openJobQueue } from '../../lib/job-queue.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { scoredRun } from '../../test/item-analysis-fixtures.ts';
import { mcTestRows } from '../../test/mc-test-fixtures.ts';
import { computeItemAnalysis } from './item-analysis.service.ts';
import { createItemRowsDeriver } from './item-rows.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The item rows of scored runs are derived after the stop: in the background, and before an analysis. */
describe('deriving the item rows', () => {
  let t: TestApp;
  let ownerId: number;
  let userId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    ownerId = (await t.make.user({ scopes: ['trainer'] })).id;
    userId = (await t.make.user()).id;
    // the app's own deriver makes one pass a second after the start; no stop here calls it again
    await sleep(2000);
  });
  afterAll(() => t.close());
  const db = () => t.app.database.db;

  async function pendingRuns(questions = 2, runs = 3) {
    const { test } = await mcTestRows(db()).test(ownerId, { questions });
    const ids = [];
    for (let i = 0; i < runs; i++) ids.push((await scoredRun(db(), test.id, userId, [i % 2 === 0, true])).id);
    return { test, ids };
  }
  const pendingOf = async (ids: number[]) =>
    (
      await db()
        .select({ pending: userGraduateResults.itemsPending })
        .from(userGraduateResults)
        .where(inArray(userGraduateResults.userGraduateMctestId, ids))
    ).map((r) => r.pending);
  const rowsOf = async (ids: number[]) =>
    (await db().select().from(mcItemResponses).where(inArray(mcItemResponses.runId, ids))).length;

  let n = 0;
  const kind = () => `item-rows-test-${++n}`;
  const queues: JobQueue[] = [];
  async function queue(work = true) {
    const q = await openJobQueue(t.app.database, {
      pollingIntervalSeconds: 0.5,
      ...(t.config.databaseUrl ? { databaseUrl: t.config.databaseUrl } : {}),
      work,
    });
    queues.push(q);
    return q;
  }
  afterAll(async () => {
    for (const q of queues) await q.stop({ timeout: 1000 }).catch(() => undefined);
  });
  const until = async (check: () => Promise<boolean>, ms = 8000) => {
    for (let waited = 0; !(await check()) && waited < ms; waited += 50) await sleep(50);
  };

  it('derives shortly after stops, and while they go on once per period', async () => {
    const errors: unknown[] = [];
    const deriver = createItemRowsDeriver(
      db(),
      { error: (...args: unknown[]) => errors.push(args) },
      await queue(),
      {
        delayMs: 60,
        maxDelayMs: 1000,
        kind: kind(),
      },
    );
    await deriver.defineJobs();
    const { ids } = await pendingRuns();
    expect(await pendingOf(ids)).toEqual([true, true, true]);
    // a stop every 20 ms for three seconds: passes run meanwhile (one per second at most), and
    // the runs of a stop during the loop are derived by a pass after it
    const began = Date.now();
    let derivedAt = 0;
    let late: number[] = [];
    while (Date.now() - began < 3000) {
      deriver.scheduleSoon();
      if (!derivedAt && (await pendingOf(ids)).every((p) => !p)) derivedAt = Date.now() - began;
      if (Date.now() - began > 2000 && late.length === 0) {
        late = (await pendingRuns()).ids;
        deriver.scheduleSoon();
      }
      await sleep(20);
    }
    expect(derivedAt).toBeGreaterThan(0);
    expect(derivedAt).toBeLessThan(3000);
    await until(async () => (await pendingOf(late)).every((p) => !p));
    expect(await pendingOf(late)).toEqual([false, false, false]);
    expect(await rowsOf([...ids, ...late])).toBe(12);
    expect(errors).toEqual([]);
    await deriver.close();
  });

  it('logs a failed pass and leaves the results pending; the queue retries it', async () => {
    const errors: unknown[] = [];
    const deriver = createItemRowsDeriver(
      db(),
      { error: (...args: unknown[]) => errors.push(args) },
      await queue(),
      {
        delayMs: 10,
        kind: kind(),
        retryDelay: 1,
      },
    );
    await deriver.defineJobs();
    const { ids } = await pendingRuns();
    await db().execute(sql`alter table mc_item_responses rename to mc_item_responses_away`);
    try {
      deriver.scheduleSoon();
      await until(async () => errors.length > 0);
      expect(errors.length).toBeGreaterThanOrEqual(1);
      expect(await pendingOf(ids)).toEqual([true, true, true]);
    } finally {
      await db().execute(sql`alter table mc_item_responses_away rename to mc_item_responses`);
    }
    // no new stop: the retry derives them
    await until(async () => (await pendingOf(ids)).every((p) => !p));
    expect(await pendingOf(ids)).toEqual([false, false, false]);
    expect(await rowsOf(ids)).toBe(6);
    await deriver.close();
  });

  it('a pass promised before a restart is made after it (another instance takes the job)', async () => {
    // the earlier tests' queues go (a pass they still have queued would derive every pending result)
    for (const q of queues.splice(0)) await q.stop({ timeout: 1000 });
    const k = kind();
    // the first instance queues the pass and goes away before it is due (it runs no jobs here)
    const first = await queue(false);
    const gone = createItemRowsDeriver(db(), { error: () => {} }, first, { delayMs: 1500, kind: k });
    await gone.defineJobs();
    const { ids } = await pendingRuns();
    gone.scheduleSoon();
    await until(async () => (await first.stats()).find((s) => s.kind === k)?.queued === 1);
    expect((await first.stats()).find((s) => s.kind === k)?.queued).toBe(1);
    await first.stop();
    await sleep(2000);
    expect(await pendingOf(ids)).toEqual([true, true, true]);
    // the next instance: nothing calls scheduleSoon, the queued job derives them
    const next = createItemRowsDeriver(db(), { error: () => {} }, await queue(), { kind: k });
    await next.defineJobs();
    await until(async () => (await pendingOf(ids)).every((p) => !p));
    expect(await pendingOf(ids)).toEqual([false, false, false]);
    expect(await rowsOf(ids)).toBe(6);
  });

  it('an analysis right after the stops counts them: it derives what is still pending first', async () => {
    const { test, ids } = await pendingRuns(2, 4);
    expect(await rowsOf(ids)).toBe(0);
    const report = await computeItemAnalysis(db(), test, {});
    expect(report.runs).toBe(4);
    expect(await rowsOf(ids)).toBe(8);
    const [first] = await db()
      .select({ pending: userGraduateResults.itemsPending })
      .from(userGraduateResults)
      .where(eq(userGraduateResults.userGraduateMctestId, ids[0]!));
    expect(first!.pending).toBe(false);
  });

  it('a closed deriver schedules nothing', async () => {
    const deriver = createItemRowsDeriver(db(), { error: () => {} }, await queue(), {
      delayMs: 10,
      kind: kind(),
    });
    await deriver.defineJobs();
    await deriver.close();
    const { ids } = await pendingRuns();
    deriver.scheduleSoon();
    await sleep(1500);
    expect(await pendingOf(ids)).toEqual([true, true, true]);
  });
});
