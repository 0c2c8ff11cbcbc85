/**
 * Benchmark of the item analysis (issue 17), on PostgreSQL: a 40-question test with 10,000
 * stopped runs; `GET /api/mc_tests/{id}/item-analysis` one request at a time (a trainer opening
 * the report), p99 against the goal of 500 ms, and its number of queries counted in process on
 * the same database (constant: the API tests compare 3 and 40 runs).
 */
import { scoreMcTestRun } from '@elearn/shared';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import {
  answers,
  mcTestQuestions,
  mcTests,
  questions,
  type RunSnapshot,
  userGraduateMctests,
  userGraduateResults,
  users,
} from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { choicesOf } from '../src/modules/graduate/answer-coding.ts';
import { derivePending } from '../src/modules/item-analysis/item-rows.ts';
import { buildTestApp } from '../src/test/build-test-app.ts';
import { httpClient } from '../src/test/server-process.ts';
import { lcg } from './support.ts';

export const ITEM_RUNS = 10_000;
const ITEM_QUESTIONS = 40;
export const ITEM_GOAL_P99_MS = 500;
const TRAINER = 'bench-items@example.test';

export interface ItemBenchData {
  testId: number;
  trainerEmail: string;
}

/**
 * Writes the trainer, the test and its 10,000 runs with results (the result trigger derives the
 * item rows) into a migrated database. Each run has an ability, each question a difficulty; a
 * run answers right with a probability from both, else picks a distractor.
 */
export async function generateItemBench(databaseUrl: string, dataDir: string, password: string) {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const db = database.db;
    const hash = await hashPassword(password);
    const [trainer] = await db
      .insert(users)
      .values({
        username: 'benchitems',
        email: TRAINER,
        firstName: 'Bench',
        lastName: 'Items',
        passwordHash: hash,
        scopes: ['trainer'],
        emailVerifiedAt: new Date(),
      })
      .returning();
    const students = await db
      .insert(users)
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          username: `itemsgen${i}`,
          email: `items-gen${i}@example.test`,
          firstName: 'Items',
          lastName: `Student ${i}`,
          passwordHash: hash,
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id });
    const [test] = await db
      .insert(mcTests)
      .values({ ownerId: trainer!.id, label: 'Bench: Itemanalyse', percentToAccomplish: 60, mode: 'exam' })
      .returning();
    const qs = await db
      .insert(questions)
      .values(
        Array.from({ length: ITEM_QUESTIONS }, (_, i) => ({
          ownerId: trainer!.id,
          label: `<p>Frage ${i + 1}: Welche der folgenden Aussagen über das Projekt treffen zu?</p>`,
          points: i % 5 === 0 ? 3 : null,
        })),
      )
      .returning();
    const as = await db
      .insert(answers)
      .values(
        qs.flatMap((q, qi) =>
          [0, 1, 2, 3].map((position) => ({
            questionId: q.id,
            label: `Antwort ${position + 1} zu Frage ${qi + 1}`,
            correct: position < 2,
            position,
          })),
        ),
      )
      .returning();
    await db
      .insert(mcTestQuestions)
      .values(qs.map((q, position) => ({ mcTestId: test!.id, questionId: q.id, position })));
    const snapshot: RunSnapshot = {
      mode: 'exam',
      percentToAccomplish: 60,
      label: test!.label,
      questions: qs.map((q) => ({
        id: q.id,
        label: q.label,
        points: q.points,
        answers: as
          .filter((a) => a.questionId === q.id)
          .map((a) => ({ id: a.id, label: a.label, correct: a.correct })),
      })),
    };
    const random = lcg(17);
    const t0 = Date.now() - ITEM_RUNS * 60_000;
    for (let i = 0; i < ITEM_RUNS; i += 500) {
      const batch = Array.from({ length: Math.min(500, ITEM_RUNS - i) }, (_, k) => {
        const ability = random();
        const chosen = new Map(
          snapshot.questions.map((q, qi) => {
            const difficulty = qi / ITEM_QUESTIONS;
            const right = random() < 0.15 + 0.8 * ability * (1 - difficulty / 2);
            const [a, b, c, d] = q.answers;
            const pick = right ? [a!, b!] : random() < 0.5 ? [a!, c!] : [d!];
            return [q.id, new Set(pick.map((x) => x.id))];
          }),
        );
        const score = scoreMcTestRun(snapshot.questions, chosen, 60);
        return { n: i + k, score, choices: choicesOf(snapshot, chosen, score.perQuestion) };
      });
      const rows = await db
        .insert(userGraduateMctests)
        .values(
          batch.map((b) => ({
            mcTestId: test!.id,
            userId: students[b.n % students.length]!.id,
            mode: 'exam',
            snapshot,
            startedAt: new Date(t0 + b.n * 60_000),
            stoppedAt: new Date(t0 + b.n * 60_000 + 30_000),
            achievedPercent: b.score.achievedPercent,
            accomp: b.score.accomp,
            rightCount: b.score.perQuestion.filter((p) => p.correct).length,
            totalCount: b.score.perQuestion.length,
          })),
        )
        .returning({ id: userGraduateMctests.id });
      await db.insert(userGraduateResults).values(
        rows.map((r, k) => ({
          userGraduateMctestId: r.id,
          choices: batch[k]!.choices,
          createdAt: new Date(t0 + batch[k]!.n * 60_000 + 30_000),
        })),
      );
    }
    // the item rows, as the server's background pass derives them after the stops
    await derivePending(database.db);
    await database.db.execute(sql`analyze`);
    return { testId: test!.id, trainerEmail: TRAINER } satisfies ItemBenchData;
  } finally {
    await database.close();
  }
}

/** the queries of one request, in process on the same database (after a warm-up request) */
async function countQueries(databaseUrl: string, data: ItemBenchData, password: string) {
  const t = await buildTestApp({ databaseUrl, rateLimitFactor: 1000 });
  try {
    const agent = await t.loginAs(data.trainerEmail, password);
    const url = `/api/mc_tests/${data.testId}/item-analysis`;
    await agent.get(url);
    const before = t.app.database.queryCount();
    const res = await agent.get(url);
    if (res.statusCode !== 200) throw new Error(`item analysis: ${res.statusCode}`);
    const body = res.json() as { runs: number; questions: unknown[] };
    return { queries: t.app.database.queryCount() - before, runs: body.runs, items: body.questions.length };
  } finally {
    await t.close();
  }
}

export interface ItemBenchResult {
  p99: number;
  median: number;
  requests: number;
  errors: number;
  queries: number;
  runs: number;
  items: number;
}

/** 3 warm-up requests, then 30 one after the other against the started server */
export async function measureItemAnalysis(
  base: string,
  databaseUrl: string,
  data: ItemBenchData,
  password: string,
): Promise<ItemBenchResult> {
  const login = await httpClient(base).post('/api/login', { email: data.trainerEmail, password });
  if (login.status !== 200) throw new Error(`bench login failed: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const url = `${base}/api/mc_tests/${data.testId}/item-analysis`;
  const headers = { cookie };
  await autocannon({ url, connections: 1, amount: 3, headers });
  const r = await autocannon({ url, connections: 1, amount: 30, headers });
  const counted = await countQueries(databaseUrl, data, password);
  return {
    p99: r.latency.p99,
    median: r.latency.p50,
    requests: r.requests.total,
    errors: r.errors + r.non2xx,
    ...counted,
  };
}

/** prints the result; returns whether the goal (p99 ≤ 500 ms, no errors) was met */
export function printItemAnalysis(r: ItemBenchResult): boolean {
  console.log(
    `GET /api/mc_tests/{id}/item-analysis (${r.runs} runs × ${r.items} questions, one request at a time): p99 ${r.p99} ms, median ${r.median} ms, ${r.requests} requests, ${r.errors} errors; ${r.queries} queries per request`,
  );
  const met = r.p99 <= ITEM_GOAL_P99_MS && r.errors === 0 && r.runs === ITEM_RUNS;
  console.log(`goal item analysis p99 ≤ ${ITEM_GOAL_P99_MS} ms: ${met ? 'met' : 'NOT met'} (${r.p99} ms)`);
  return met;
}
