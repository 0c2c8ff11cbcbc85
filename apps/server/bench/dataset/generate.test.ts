import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { rowsOf } from '../../src/db/query-helpers.ts';
import { derivePending } from '../../src/modules/item-analysis/item-rows.ts';
import { buildTestApp } from '../../src/test/build-test-app.ts';
import { BENCH_PASSWORD, type GenerateResult, generateBenchData, sizesOf } from './generate.ts';

const SCALE = 0.001;

// the size generator (issue 39 item 1) at a tiny scale on PGlite: the counts follow the scale,
// the rows are what the product itself makes (item rows), the routes answer on it, and a second
// run reuses it
describe('bench data generator', () => {
  let dir: string;
  let result: GenerateResult;
  /** the runs of the trainer's tests (the owner history's total) */
  let trainerRuns = 0;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'elearn-bench-data-'));
    result = await generateBenchData({ scale: SCALE, seed: 7, dataDir: dir });
    const database = await openDatabase({ dataDir: dir });
    try {
      const [row] = rowsOf(
        await database.db.execute(
          sql.raw(`select count(*)::int as n from user_graduate_mctests r join mc_tests m on m.id = r.mc_test_id
            join users u on u.id = m.owner_id where u.email = '${result.handles.trainer}'`),
        ),
      );
      trainerRuns = Number(row?.n);
    } finally {
      await database.close();
    }
  }, 240_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('makes the counts of the scale', () => {
    const z = sizesOf(SCALE);
    const c = result.counts;
    expect(result.reused).toBe(false);
    expect(c.users).toBe(z.users);
    expect(c.companies).toBe(z.companies);
    expect(c.seminars).toBe(z.seminars);
    expect(c.chapters).toBe(z.seminars * 25);
    expect(c.mc_tests).toBe(z.tests);
    expect(c.user_graduate_mctests).toBe(z.runs);
    expect(c.user_graduate_results).toBe(z.runs);
    expect(c.mc_item_responses).toBe(z.runs * 10);
    expect(c.audit_log).toBe(z.audit);
    expect(c.payments).toBe(z.payments);
    expect(c.chapter_users).toBeGreaterThan(0);
    expect(c.video_progress).toBeGreaterThan(0);
    // the largest company has the size of the scale (5,000 at scale 1) plus its manager
    expect(sizesOf(1).largestCompany).toBe(5000);
    expect(sizesOf(1).runs).toBe(1_000_000);
  });

  it('stores the item rows the product derives from the runs', async () => {
    const database = await openDatabase({ dataDir: dir });
    try {
      const db = database.db;
      const cols = `run_id, n, mc_test_id, mode, started_at, question_id, item_key, weight, "right", chosen, score, rest`;
      const pick = 'select id from user_graduate_mctests order by id desc limit 30';
      const generated = rowsOf(
        await db.execute(
          sql.raw(`select ${cols} from mc_item_responses where run_id in (${pick}) order by run_id, n`),
        ),
      );
      expect(generated).toHaveLength(300);
      await db.execute(sql.raw(`delete from mc_item_responses where run_id in (${pick})`));
      await db.execute(
        sql.raw(
          `update user_graduate_results set items_pending = true where user_graduate_mctest_id in (${pick})`,
        ),
      );
      expect(await derivePending(db)).toBe(30);
      const derived = rowsOf(
        await db.execute(
          sql.raw(`select ${cols} from mc_item_responses where run_id in (${pick}) order by run_id, n`),
        ),
      );
      expect(derived).toEqual(generated);
    } finally {
      await database.close();
    }
  });

  it('serves the product routes on it', async () => {
    const t = await buildTestApp({ dataDir: dir, databaseUrl: undefined });
    try {
      const h = result.handles;
      const trainer = await t.loginAs(h.trainer, BENCH_PASSWORD);
      const seminars = await t.agent().get('/api/seminars');
      expect(seminars.statusCode).toBe(200);
      expect(seminars.json().total).toBeGreaterThan(0);
      const history = await trainer.get('/api/graduate/history/owner?per_page=10');
      expect(history.statusCode).toBe(200);
      expect(trainerRuns).toBeGreaterThan(10);
      expect(history.json().total).toBe(trainerRuns);
      expect(history.json().data).toHaveLength(10);
      const items = await trainer.get(`/api/mc_tests/${h.testId}/item-analysis`);
      expect(items.statusCode).toBe(200);
      const manager = await t.loginAs(h.manager, BENCH_PASSWORD);
      const members = await manager.get(`/api/companies/${h.largestCompanyId}/users`);
      expect(members.statusCode).toBe(200);
      const student = await t.loginAs(h.student, BENCH_PASSWORD);
      const own = await student.get('/api/graduate/history/student');
      expect(own.statusCode).toBe(200);
      expect(own.json().total).toBeGreaterThan(1);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('reuses a complete database of the same scale and seed', async () => {
    const again = await generateBenchData({ scale: SCALE, seed: 7, dataDir: dir });
    expect(again.reused).toBe(true);
    expect(again.counts).toEqual(result.counts);
  }, 120_000);
});
