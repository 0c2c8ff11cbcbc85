/**
 * Benchmark of learning progress (issue 16), on PostgreSQL: a seminar with 20 playable chapters
 * (5 with a video), 2 enabled tests and 2,000 learners with done marks, video progress and runs.
 * Measures 200 position saves sent at the same moment by 200 learners (p99 against the goal of
 * 200 ms, every save stored), the owner's list of learners with progress one request at a time,
 * and the list's number of queries for a page of 10 and of 100 learners and for the export of all
 * 2,000 (counted in process on the same database; constant per page).
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import {
  chapterFiles,
  chapters,
  chapterUsers,
  enrolments,
  mcTests,
  seminars,
  userGraduateMctests,
  users,
  videoProgress,
} from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { buildTestApp } from '../src/test/build-test-app.ts';
import { login, quantile } from './support.ts';

export const PROGRESS_LEARNERS = 2000;
const SAVERS = 200;
export const POSITION_GOAL_P99_MS = 200;
const TRAINER = 'bench-progress@example.test';

export interface ProgressBenchData {
  seminarId: number;
  videoId: number;
  trainerEmail: string;
  saverEmails: string[];
}

/** Writes the trainer, the seminar and its 2,000 learners into a migrated database. */
export async function generateProgressBench(databaseUrl: string, dataDir: string, password: string) {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const db = database.db;
    const hash = await hashPassword(password);
    const [trainer] = await db
      .insert(users)
      .values({
        username: 'benchprogress',
        email: TRAINER,
        firstName: 'Bench',
        lastName: 'Progress',
        passwordHash: hash,
        scopes: ['trainer'],
        emailVerifiedAt: new Date(),
      })
      .returning();
    const [seminar] = await db
      .insert(seminars)
      .values({
        slug: 'bench-progress',
        title: 'Bench: Fortschritt',
        currency: 'CHF',
        isPublic: true,
        ownerId: trainer!.id,
      })
      .returning();
    const chs = await db
      .insert(chapters)
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          seminarId: seminar!.id,
          label: `Kapitel ${i + 1}`,
          position: i,
          unlocked: 1,
        })),
      )
      .returning();
    const videos = await db
      .insert(chapterFiles)
      .values(
        chs.slice(0, 5).map((c, i) => ({
          chapterId: c.id,
          kind: 'video',
          label: `Video ${i + 1}`,
          originalName: `video${i + 1}.mp4`,
          storagePath: `videos/bench-progress-${i}.mp4`,
          mime: 'video/mp4',
          size: 1000,
          sha256: '',
        })),
      )
      .returning();
    const tests = await db
      .insert(mcTests)
      .values(
        [0, 1].map((i) => ({
          ownerId: trainer!.id,
          label: `Test ${i + 1}`,
          percentToAccomplish: 50,
          enabled: 1,
          chapterId: chs[i * 10]!.id,
        })),
      )
      .returning();
    const learners: { id: number }[] = [];
    for (let i = 0; i < PROGRESS_LEARNERS; i += 500) {
      learners.push(
        ...(await db
          .insert(users)
          .values(
            Array.from({ length: Math.min(500, PROGRESS_LEARNERS - i) }, (_, k) => ({
              username: `progressgen${i + k}`,
              email: `progress-gen${i + k}@example.test`,
              firstName: 'Progress',
              lastName: `Learner ${String(i + k).padStart(4, '0')}`,
              passwordHash: hash,
              emailVerifiedAt: new Date(),
            })),
          )
          .returning({ id: users.id })),
      );
    }
    for (let i = 0; i < learners.length; i += 500) {
      const batch = learners.slice(i, i + 500);
      await db
        .insert(enrolments)
        .values(batch.map((l) => ({ seminarId: seminar!.id, userId: l.id, source: 'free' })));
      // learner n has done the first n % 21 chapters, watched the first videos, passed test 1 when even
      await db
        .insert(chapterUsers)
        .values(
          batch.flatMap((l, k) => chs.slice(0, (i + k) % 21).map((c) => ({ chapterId: c.id, userId: l.id }))),
        );
      await db.insert(videoProgress).values(
        batch.flatMap((l, k) =>
          videos.slice(0, (i + k) % 6).map((v) => ({
            userId: l.id,
            fileId: v.id,
            positionS: 120,
            durationS: 600,
            intervals: [[0, 120] as [number, number], [300, 420] as [number, number]],
            watchedS: 240,
          })),
        ),
      );
      await db.insert(userGraduateMctests).values(
        batch
          .filter((_, k) => (i + k) % 2 === 0)
          .map((l) => ({
            mcTestId: tests[0]!.id,
            userId: l.id,
            mode: 'exam',
            snapshot: { mode: 'exam' as const, percentToAccomplish: 50, label: 'Test 1', questions: [] },
            startedAt: new Date(),
            stoppedAt: new Date(),
            achievedPercent: 80,
            accomp: true,
          })),
      );
    }
    await db.execute(sql`analyze`);
    return {
      seminarId: seminar!.id,
      videoId: videos[0]!.id,
      trainerEmail: TRAINER,
      saverEmails: Array.from({ length: SAVERS }, (_, i) => `progress-gen${i}@example.test`),
    } satisfies ProgressBenchData;
  } finally {
    await database.close();
  }
}

/** the queries of the list (page sizes 10 and 100) and of the export, in process */
async function countQueries(databaseUrl: string, data: ProgressBenchData, password: string) {
  const t = await buildTestApp({ databaseUrl, rateLimitFactor: 1000 });
  try {
    const agent = await t.loginAs(data.trainerEmail, password);
    const count = async (url: string) => {
      await agent.get(url);
      const before = t.app.database.queryCount();
      const res = await agent.get(url);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
      return t.app.database.queryCount() - before;
    };
    const base = `/api/progress/seminars/${data.seminarId}`;
    const exportStart = performance.now();
    const exportQueries = await count(`${base}/export`);
    return {
      page10: await count(`${base}/learners?per_page=10`),
      page100: await count(`${base}/learners?per_page=100`),
      exportAll: exportQueries,
      exportMs: Math.round((performance.now() - exportStart) / 2),
    };
  } finally {
    await t.close();
  }
}

export interface ProgressBenchResult {
  saves: { p99: number; median: number; ok: number; stored: number; wallMs: number };
  /** p99 of 200 concurrent GET /api/user with the same sessions (what the machine allows) */
  referenceP99: number;
  list: { p99: number; median: number; errors: number };
  queries: { page10: number; page100: number; exportAll: number; exportMs: number };
}

export async function measureProgress(
  base: string,
  databaseUrl: string,
  data: ProgressBenchData,
  password: string,
): Promise<ProgressBenchResult> {
  const sessions = [];
  for (const email of data.saverEmails) sessions.push(await login(base, email, password));
  const url = `${base}/api/progress/videos/${data.videoId}/position`;
  const save = (s: { cookie: string; xsrf: string }, i: number, position: number) =>
    fetch(url, {
      method: 'POST',
      headers: {
        cookie: s.cookie,
        'x-xsrf-token': s.xsrf,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({
        position,
        duration: 600,
        segments: [
          [position - 5, position],
          [(i * 7) % 500, ((i * 7) % 500) + 30],
        ],
      }),
    });
  // warm-up: one save each, one after the other
  for (const [i, s] of sessions.entries()) await (await save(s, i, 10)).arrayBuffer();
  // reference on the same machine: 200 concurrent GET /api/user (the session look-up alone)
  const reference = await Promise.all(
    sessions.map(async (s) => {
      const begin = performance.now();
      const res = await fetch(`${base}/api/user`, {
        headers: { cookie: s.cookie, accept: 'application/json' },
      });
      await res.arrayBuffer();
      return performance.now() - begin;
    }),
  );
  reference.sort((a, b) => a - b);
  const referenceP99 = Math.round(reference[Math.ceil(0.99 * reference.length) - 1] ?? 0);
  const t0 = performance.now();
  const latencies = await Promise.all(
    sessions.map(async (s, i) => {
      const begin = performance.now();
      const res = await save(s, i, 200 + i);
      await res.arrayBuffer();
      return { ms: performance.now() - begin, ok: res.status === 204 };
    }),
  );
  const wallMs = Math.round(performance.now() - t0);
  const ms = latencies.map((l) => l.ms);
  const at = (q: number) => quantile(ms, q);
  const database = await openDatabase({ databaseUrl, dataDir: '/tmp' });
  let stored = 0;
  try {
    const rows = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${videoProgress} where ${videoProgress.fileId} = ${data.videoId} and ${videoProgress.positionS} >= 200`,
    );
    stored = Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  } finally {
    await database.close();
  }

  const trainer = await login(base, data.trainerEmail, password);
  const listUrl = `${base}/api/progress/seminars/${data.seminarId}/learners?per_page=100`;
  await autocannon({ url: listUrl, connections: 1, amount: 3, headers: { cookie: trainer.cookie } });
  const r = await autocannon({
    url: listUrl,
    connections: 1,
    amount: 30,
    headers: { cookie: trainer.cookie },
  });
  return {
    saves: { p99: at(0.99), median: at(0.5), ok: latencies.filter((l) => l.ok).length, stored, wallMs },
    referenceP99,
    list: { p99: r.latency.p99, median: r.latency.p50, errors: r.errors + r.non2xx },
    queries: await countQueries(databaseUrl, data, password),
  };
}

/** prints the results; returns whether the goals were met */
export function printProgress(r: ProgressBenchResult): boolean {
  console.log(
    `${SAVERS} concurrent position saves (2 segments each, merged in the database): p99 ${r.saves.p99} ms, median ${r.saves.median} ms, all done in ${r.saves.wallMs} ms; ${r.saves.ok}/${SAVERS} answered 204, ${r.saves.stored}/${SAVERS} stored`,
  );
  console.log(`reference: 200 concurrent GET /api/user (session look-up only): p99 ${r.referenceP99} ms`);
  console.log(
    `GET /api/progress/seminars/{id}/learners (${PROGRESS_LEARNERS.toLocaleString('en')} learners, 20 chapters, 5 videos, 2 tests; page of 100, one request at a time): p99 ${r.list.p99} ms, median ${r.list.median} ms, ${r.list.errors} errors`,
  );
  console.log(
    `queries: page of 10 → ${r.queries.page10}, page of 100 → ${r.queries.page100}; export of all ${PROGRESS_LEARNERS.toLocaleString('en')} → ${r.queries.exportAll} (${r.queries.exportMs} ms in process)`,
  );
  const savesMet = r.saves.p99 <= POSITION_GOAL_P99_MS && r.saves.ok === SAVERS && r.saves.stored === SAVERS;
  const constant = r.queries.page10 === r.queries.page100 && r.list.errors === 0;
  console.log(
    `goal position saves p99 ≤ ${POSITION_GOAL_P99_MS} ms: ${savesMet ? 'met' : 'NOT met'} (${r.saves.p99} ms)`,
  );
  console.log(
    `goal list with progress in a constant number of queries: ${constant ? 'met' : 'NOT met'} (${r.queries.page10} and ${r.queries.page100})`,
  );
  return savesMet && constant;
}
