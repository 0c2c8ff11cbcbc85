import { asc, desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { cheapCount, pagedFromNearerEnd } from './query-helpers.ts';
import { auditLog } from './schema/index.ts';

/**
 * Long lists at scale (issue 39 item 4): the later half of a list is read from its far end, and
 * every page is the one offset paging gives, ties of the sort included; the total is exact up to
 * a limit and the planner's estimate above it.
 */
describe('paging from the nearer end', () => {
  let t: TestApp;
  const N = 57;
  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.app.database.db;
    // three entries per second: ties on created_at, broken by id
    await db.insert(auditLog).values(
      Array.from({ length: N }, (_, i) => ({
        action: 'user.disabled' as const,
        targetType: 'user' as const,
        targetId: i,
        targetLabel: `u${i}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(i / 3))),
      })),
    );
    await db.execute(sql`ANALYZE audit_log`);
  });
  afterAll(() => t.close());

  const matching = () => t.app.database.db.select({ one: sql`1` }).from(auditLog);
  const read = (direction: 'forward' | 'backward', w: { limit: number; offset: number }) =>
    t.app.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .orderBy(
        ...(direction === 'forward'
          ? [desc(auditLog.createdAt), desc(auditLog.id)]
          : [asc(auditLog.createdAt), asc(auditLog.id)]),
      )
      .limit(w.limit)
      .offset(w.offset);

  it('gives every page as offset paging does, the last (partial) one and beyond the end', async () => {
    const all = (await read('forward', { limit: N, offset: 0 })).map((r) => r.id);
    expect(all).toHaveLength(N);
    for (const perPage of [10, 7, 25, 57, 100]) {
      for (let p = 1; p <= Math.ceil(N / perPage) + 1; p++) {
        const window = { limit: perPage, offset: (p - 1) * perPage };
        const got = await pagedFromNearerEnd(t.app.database.db, window, matching(), read);
        expect(got.total).toBe(N);
        expect(
          got.rows.map((r) => r.id),
          `${perPage} per page, page ${p}`,
        ).toEqual(all.slice(window.offset, window.offset + perPage));
      }
    }
  });

  it('counts exactly up to the limit and estimates above it', async () => {
    expect(await cheapCount(t.app.database.db, matching())).toBe(N);
    expect(await cheapCount(t.app.database.db, matching(), N)).toBe(N);
    // above the limit: the planner's figure (after ANALYZE it knows the table), never below the limit
    const estimate = await cheapCount(t.app.database.db, matching(), 20);
    expect(estimate).toBeGreaterThan(20);
    expect(estimate).toBeLessThan(N * 3);
    // with a filter the count stays exact below the limit
    const some = t.app.database.db
      .select({ one: sql`1` })
      .from(auditLog)
      .where(sql`${auditLog.targetId} < 10`);
    expect(await cheapCount(t.app.database.db, some)).toBe(10);
  });
});
