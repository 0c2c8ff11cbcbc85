/**
 * Benchmark of the data export (issue 19), in process on PGlite: a learner with 1,000 stopped
 * runs of a 40-question test (each with its snapshot and scored answers: the bulk of a large
 * account), 200 bookings with payments and 200 done chapters. `POST /api/privacy/exports`, then
 * the time until the archive is ready, its size, and how much the process's memory grew while it
 * was built (the archive is streamed into the file store, so it is never held whole).
 */
import { eq } from 'drizzle-orm';
import { bookings, chapterUsers, dataExports, payments } from '../src/db/schema/index.ts';
import { buildTestApp } from '../src/test/build-test-app.ts';
import { seminarFixtures } from '../src/test/fixtures.ts';
import { scoredRun } from '../src/test/item-analysis-fixtures.ts';
import { mcTestFixtures } from '../src/test/mc-test-fixtures.ts';

export const PRIVACY_RUNS = 1_000;
export const PRIVACY_GOAL_MS = 10_000;

export async function runPrivacyBench(): Promise<boolean> {
  const t = await buildTestApp({ rateLimitFactor: 1000 });
  try {
    const db = t.app.database.db;
    const fx = seminarFixtures(t.app);
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const learner = await t.make.user();
    const made = await mcTestFixtures(t.app).bookedTest(trainer.id, [learner.id], { questions: 40 });
    const day = 86_400_000;
    const start = Date.now() - PRIVACY_RUNS * day;
    for (let i = 0; i < PRIVACY_RUNS; i++) {
      const pattern = Array.from({ length: 40 }, (_, q) => (i * 7 + q * 3) % 5 !== 0);
      await scoredRun(db, made.test.id, learner.id, pattern, { startedAt: new Date(start + i * day) });
    }
    for (let i = 0; i < 200; i++) {
      const seminar = await fx.seminar(trainer.id, { price: 1000 + i, title: `Bench ${i}` });
      const chapter = await fx.chapter(seminar.id);
      await db.insert(chapterUsers).values({ chapterId: chapter.id, userId: learner.id });
      const [b] = await db
        .insert(bookings)
        .values({
          seminarId: seminar.id,
          userId: learner.id,
          status: 'paid',
          price: 1000 + i,
          currency: 'CHF',
        })
        .returning();
      await db.insert(payments).values({
        bookingId: b!.id,
        userId: learner.id,
        provider: 'test',
        providerId: `tr_bench${i}`,
        amount: 1000 + i,
        currency: 'CHF',
        status: 'paid',
      });
    }
    const agent = await t.loginAs(learner.email);
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const began = performance.now();
    const res = await agent.post('/api/privacy/exports');
    if (res.statusCode !== 202) throw new Error(`export request: ${res.statusCode} ${res.body}`);
    await t.app.afterResponse.flush();
    const ms = performance.now() - began;
    clearInterval(sampler);
    const [row] = await db.select().from(dataExports).where(eq(dataExports.userId, learner.id));
    if (row?.status !== 'ready') throw new Error(`export ended ${row?.status}`);
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    console.log('\n## Data export (PGlite, in process)');
    console.log(
      `export of an account with ${PRIVACY_RUNS} runs (40 questions), 200 payments, 200 done chapters: ready after ${Math.round(ms)} ms, archive ${mb(row.size ?? 0)} MB, RSS grew by ${mb(peak - before)} MB while building`,
    );
    const met = ms <= PRIVACY_GOAL_MS;
    console.log(
      `goal export ready ≤ ${PRIVACY_GOAL_MS} ms: ${met ? 'met' : 'NOT met'} (${Math.round(ms)} ms)`,
    );
    return met;
  } finally {
    await t.close();
  }
}
