/**
 * Benchmark of "Mein Lernen" (issue 36): one learner holds 30 seminars (8 chapters each, the first
 * with a video, a test on the second), has done marks, video positions, a run and a visit in each,
 * and company due dates on a third of them. Measures `GET /api/learn` against the baseline route
 * of the same server (goal: ≥ 30 % of its requests per second on PGlite and PostgreSQL) and counts
 * the route's statements in process (constant: the same for 3 and for 30 seminars).
 */
import { inArray, sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import {
  chapterFiles,
  chapters,
  chapterUsers,
  companies,
  enrolments,
  mcTests,
  seminars,
  seminarVisits,
  userGraduateMctests,
  users,
  videoProgress,
} from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { buildTestApp } from '../src/test/build-test-app.ts';

export const LEARN_SEMINARS = 30;
export const LEARN_GOAL_PERCENT = 30;
const LEARNER = 'bench-learn@example.test';
const FEW = 'bench-learn-few@example.test';

export interface LearnBenchData {
  email: string;
  fewEmail: string;
}

/** one seminar of the bench: 8 chapters, a video on the first, a test on the second */
async function seminarWithContent(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  ownerId: number,
  i: number,
) {
  const [s] = await db
    .insert(seminars)
    .values({
      slug: `bench-learn-${i}`,
      title: `Bench: Lernen ${i}`,
      currency: 'CHF',
      isPublic: true,
      ownerId,
    })
    .returning();
  const chs = await db
    .insert(chapters)
    .values(
      Array.from({ length: 8 }, (_, k) => ({
        seminarId: s!.id,
        label: `Kapitel ${k + 1}`,
        position: k,
        unlocked: 1,
      })),
    )
    .returning();
  const [video] = await db
    .insert(chapterFiles)
    .values({
      chapterId: chs[0]!.id,
      kind: 'video',
      label: 'Video',
      originalName: 'video.mp4',
      storagePath: `videos/bench-learn-${i}.mp4`,
      mime: 'video/mp4',
      size: 1000,
      sha256: '',
    })
    .returning();
  const [test] = await db
    .insert(mcTests)
    .values({ ownerId, label: `Test ${i}`, percentToAccomplish: 50, enabled: 1, chapterId: chs[1]!.id })
    .returning();
  return { seminar: s!, chapters: chs, videoId: video!.id, testId: test!.id };
}

/** Writes the trainer, 30 seminars and the two learners (30 and 3 seminars) into a migrated database. */
export async function generateLearnBench(databaseUrl: string | undefined, dataDir: string, password: string) {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const db = database.db;
    const hash = await hashPassword(password);
    const person = (email: string, username: string, scopes: 'trainer'[] = []) => ({
      username,
      email,
      firstName: 'Bench',
      lastName: 'Learn',
      passwordHash: hash,
      scopes,
      emailVerifiedAt: new Date(),
    });
    const [trainer, learner, few] = await db
      .insert(users)
      .values([
        person('bench-learn-trainer@example.test', 'benchlearntrainer', ['trainer']),
        person(LEARNER, 'benchlearn'),
        person(FEW, 'benchlearnfew'),
      ])
      .returning();
    const [company] = await db
      .insert(companies)
      .values({ name: 'Bench Learn AG', shortName: 'bench-learn' })
      .returning();
    const now = Date.now();
    for (let i = 0; i < LEARN_SEMINARS; i++) {
      const { seminar, chapters: chs, videoId, testId } = await seminarWithContent(db, trainer!.id, i);
      const holders = i < 3 ? [learner!.id, few!.id] : [learner!.id];
      for (const userId of holders) {
        const assigned = i % 3 === 0;
        await db.insert(enrolments).values({
          seminarId: seminar.id,
          userId,
          source: assigned ? 'company' : 'free',
          companyId: assigned ? company!.id : null,
          dueAt: assigned ? new Date(now + (i - 10) * 86_400_000) : null,
        });
        const done = chs.slice(0, i % 8);
        if (done.length) await db.insert(chapterUsers).values(done.map((c) => ({ chapterId: c.id, userId })));
        await db.insert(videoProgress).values({
          userId,
          fileId: videoId,
          positionS: 120,
          durationS: 600,
          intervals: [[0, 120]],
          watchedS: 120,
        });
        await db.insert(seminarVisits).values({ userId, seminarId: seminar.id, chapterId: chs[i % 8]!.id });
        await db.insert(userGraduateMctests).values({
          mcTestId: testId,
          userId,
          mode: 'exam',
          snapshot: { mode: 'exam' as const, percentToAccomplish: 50, label: `Test ${i}`, questions: [] },
          stoppedAt: new Date(),
          achievedPercent: i % 2 ? 80 : 20,
          accomp: i % 2 === 1,
        });
      }
    }
    await db.execute(sql`analyze`);
    const held = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(enrolments)
      .where(inArray(enrolments.userId, [learner!.id]));
    if (held[0]?.n !== LEARN_SEMINARS) throw new Error(`the bench learner holds ${held[0]?.n} seminars`);
    return { email: LEARNER, fewEmail: FEW } satisfies LearnBenchData;
  } finally {
    await database.close();
  }
}

/** the statements of `GET /api/learn` for 3 and for 30 seminars, in process on the same database */
export async function countLearnQueries(
  databaseUrl: string | undefined,
  dataDir: string,
  data: LearnBenchData,
  password: string,
) {
  const t = await buildTestApp({ ...(databaseUrl ? { databaseUrl } : { dataDir }), rateLimitFactor: 1000 });
  try {
    // a login is a write without a user yet: it drops every kept dashboard, so the next read computes
    const count = async (email: string) => {
      const agent = await t.loginAs(email, password);
      const before = t.app.database.queryCount();
      const res = await agent.get('/api/learn');
      if (res.statusCode !== 200) throw new Error(`/api/learn: ${res.statusCode}`);
      return t.app.database.queryCount() - before;
    };
    await count(data.fewEmail);
    return { few: await count(data.fewEmail), all: await count(data.email) };
  } finally {
    await t.close();
  }
}

/** prints the figures and answers whether the goal is met */
export function printLearn(
  label: string,
  r: { rps: number; p99: number; errors: number; non2xx: number },
  base: number,
  queries: { few: number; all: number } | null,
): boolean {
  const ratio = (r.rps / base) * 100;
  console.log(`\n### ${label}: GET /api/learn (${LEARN_SEMINARS} held seminars, issue 36)`);
  console.log(`| route | req/s | p99 ms | ratio to baseline | errors |\n|---|---:|---:|---:|---:|`);
  console.log(
    `| GET /api/learn | ${Math.round(r.rps)} | ${r.p99} | ${ratio.toFixed(1)} % | ${r.errors + r.non2xx} |`,
  );
  if (queries) console.log(`statements: ${queries.few} for 3 seminars, ${queries.all} for 30`);
  const met =
    ratio >= LEARN_GOAL_PERCENT && r.errors + r.non2xx === 0 && (!queries || queries.few === queries.all);
  console.log(
    `goal GET /api/learn ≥ ${LEARN_GOAL_PERCENT} % of baseline in a constant number of statements: ${met ? 'met' : 'NOT met'} (${ratio.toFixed(1)} %)`,
  );
  return met;
}
