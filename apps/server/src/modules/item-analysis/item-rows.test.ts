import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcItemResponses, userGraduateResults } from '../../db/schema/index.ts';
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
    await sleep(1500);
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

  it('derives after stops pause, and not past the longest delay while they go on', async () => {
    const errors: unknown[] = [];
    const deriver = createItemRowsDeriver(
      db(),
      { error: (...args: unknown[]) => errors.push(args) },
      {
        delayMs: 60,
        maxDelayMs: 200,
      },
    );
    try {
      const { ids } = await pendingRuns();
      expect(await pendingOf(ids)).toEqual([true, true, true]);
      // a stop every 20 ms for a second: each call pushes the pass back by 60 ms, so without the
      // longest delay (200 ms) no pass would run; the second leaves the pass time on a busy machine
      const began = Date.now();
      let derivedAt = 0;
      while (Date.now() - began < 1000) {
        deriver.scheduleSoon();
        if (!derivedAt && (await pendingOf(ids)).every((p) => !p)) derivedAt = Date.now() - began;
        await sleep(20);
      }
      expect(errors).toEqual([]);
      expect(derivedAt).toBeGreaterThan(0);
      expect(derivedAt).toBeLessThan(1000);
      expect(await rowsOf(ids)).toBe(6);
    } finally {
      await deriver.close();
    }
    // a single call: derived after the short delay (a new deriver: the loop's last call may
    // still have a pass scheduled)
    const single = createItemRowsDeriver(
      db(),
      { error: (...args: unknown[]) => errors.push(args) },
      { delayMs: 60, maxDelayMs: 200 },
    );
    try {
      const more = await pendingRuns();
      single.scheduleSoon();
      await sleep(30);
      expect(await pendingOf(more.ids)).toEqual([true, true, true]);
      for (let waited = 0; (await pendingOf(more.ids)).some(Boolean) && waited < 3000; waited += 20)
        await sleep(20);
      expect(await pendingOf(more.ids)).toEqual([false, false, false]);
      expect(await rowsOf(more.ids)).toBe(6);
      expect(errors).toEqual([]);
    } finally {
      await single.close();
    }
  });

  it('logs a failed pass and leaves the results pending for the next one', async () => {
    const errors: unknown[] = [];
    const deriver = createItemRowsDeriver(
      db(),
      { error: (...args: unknown[]) => errors.push(args) },
      {
        delayMs: 10,
      },
    );
    const { ids } = await pendingRuns();
    await db().execute(sql`alter table mc_item_responses rename to mc_item_responses_away`);
    try {
      deriver.scheduleSoon();
      for (let waited = 0; errors.length === 0 && waited < 3000; waited += 20) await sleep(20);
      expect(errors).toHaveLength(1);
      expect(await pendingOf(ids)).toEqual([true, true, true]);
    } finally {
      await db().execute(sql`alter table mc_item_responses_away rename to mc_item_responses`);
    }
    deriver.scheduleSoon();
    for (let waited = 0; (await pendingOf(ids)).some(Boolean) && waited < 3000; waited += 20) await sleep(20);
    expect(await pendingOf(ids)).toEqual([false, false, false]);
    expect(await rowsOf(ids)).toBe(6);
    await deriver.close();
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
    const deriver = createItemRowsDeriver(db(), { error: () => {} }, { delayMs: 10 });
    await deriver.close();
    const { ids } = await pendingRuns();
    deriver.scheduleSoon();
    await sleep(100);
    expect(await pendingOf(ids)).toEqual([true, true, true]);
  });
});
