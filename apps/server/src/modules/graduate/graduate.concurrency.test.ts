import { type StartedRun, scoreMcTestRun } from '@elearn/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcItemResponses, userGraduateMctests, userGraduateResults } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { mcTestFixtures } from '../../test/mc-test-fixtures.ts';
import { choicesOf, codingOf } from './answer-coding.ts';

/**
 * SECURITY D-09 / E-01: concurrent submissions lose nothing and store nothing twice. Runs on
 * PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (real parallel transactions).
 */
describe('concurrent test runs', () => {
  let t: TestApp;
  let mx: ReturnType<typeof mcTestFixtures>;
  let trainerId: number;

  beforeAll(async () => {
    t = await buildTestApp({ rateLimitFactor: 1000 });
    mx = mcTestFixtures(t.app);
    trainerId = (await t.make.user({ scopes: ['trainer'] })).id;
  });
  afterAll(() => t.close());

  const resultsOf = async (runIds: number[]) =>
    (
      await t.app.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(userGraduateResults)
        .where(inArray(userGraduateResults.userGraduateMctestId, runIds))
    )[0]!.n;

  it('stops 100 runs at once and stores exactly 100 results, each scored right', async () => {
    const users = await Promise.all(Array.from({ length: 100 }, () => t.make.user()));
    const made = await mx.bookedTest(
      trainerId,
      users.map((u) => u.id),
      { questions: 5, percent: 60 },
    );
    const agents: Agent[] = [];
    for (const u of users) agents.push(await t.loginAs(u.email));
    const correct = new Map(made.questions.flatMap((q) => q.answers.map((a) => [a.id, a.correct] as const)));
    const runs = await Promise.all(
      agents.map(async (a) => {
        const res = await a.post('/api/graduate/startTest', { id: made.test.id });
        expect(res.statusCode).toBe(201);
        return res.json() as StartedRun;
      }),
    );
    // user i answers the first (i mod 6) questions right: 0 %, 20 %, …, 100 % (5 questions)
    const expected = runs.map((_, i) => Math.min(i % 6, 5) * 20);
    const responses = await Promise.all(
      runs.map((run, i) =>
        agents[i]!.patch('/api/graduate/stopTest', {
          resultSet: {
            userGraduateId: run.user_graduate_id,
            questions: run.questions.map((q, qi) => ({
              questionId: q.id,
              answerIds: q.answers.filter((a) => (qi < i % 6 ? correct.get(a.id) : false)).map((a) => a.id),
            })),
          },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(runs.map(() => 200));
    expect(responses.map((r) => r.json().achievedPercent)).toEqual(expected);
    expect(responses.map((r) => r.json().accomp)).toEqual(expected.map((p) => p >= 60));
    const runIds = runs.map((r) => r.user_graduate_id);
    expect(new Set(runIds).size).toBe(100);
    expect(await resultsOf(runIds)).toBe(100);
    const stored = await t.app.database.db
      .select()
      .from(userGraduateMctests)
      .where(eq(userGraduateMctests.mcTestId, made.test.id));
    expect(stored.filter((r) => r.stoppedAt !== null)).toHaveLength(100);
  });

  it('two concurrent stops of the same run store one result and refuse the other', async () => {
    const u = await t.make.user();
    const made = await mx.bookedTest(trainerId, [u.id], { mode: 'practice' });
    const agent = await t.loginAs(u.email);
    for (const parallel of [2, 20]) {
      const run = (await agent.post('/api/graduate/startTest', { id: made.test.id })).json() as StartedRun;
      const body = { resultSet: { userGraduateId: run.user_graduate_id, questions: [] } };
      const responses = await Promise.all(
        Array.from({ length: parallel }, () => agent.patch('/api/graduate/stopTest', body)),
      );
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, ...Array.from({ length: parallel - 1 }, () => 409)]);
      for (const r of responses.filter((x) => x.statusCode === 409)) {
        expect(r.json().code).toBe('mc_test.run_already_stopped');
      }
      expect(await resultsOf([run.user_graduate_id])).toBe(1);
    }
  });

  it('stops sent together share their statements, and each gets its own answer', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => t.make.user()));
    const made = await mx.bookedTest(
      trainerId,
      users.map((u) => u.id),
      { questions: 4, percent: 50 },
    );
    const agents: Agent[] = [];
    for (const u of users) agents.push(await t.loginAs(u.email));
    const runs: StartedRun[] = [];
    for (const a of agents) runs.push((await a.post('/api/graduate/startTest', { id: made.test.id })).json());
    const stop = (
      agent: Agent,
      runId: number,
      questions: { questionId: number; answerIds: number[] }[] = [],
    ) => agent.patch('/api/graduate/stopTest', { resultSet: { userGraduateId: runId, questions } });
    const before = t.app.database.queryCount();
    const correct = new Map(made.questions.flatMap((q) => q.answers.map((a) => [a.id, a.correct] as const)));
    // player i answers the first i questions right (0, 25, 50 and 75 %)
    const answersOf = (run: StartedRun, i: number) =>
      run.questions.map((q, qi) => ({
        questionId: q.id,
        answerIds: q.answers.filter((a) => (qi < i ? correct.get(a.id) : false)).map((a) => a.id),
      }));
    const responses = await Promise.all([
      // four players stop their own runs; the first one twice
      ...runs.slice(0, 4).map((run, i) => stop(agents[i]!, run.user_graduate_id, answersOf(run, i))),
      stop(agents[0]!, runs[0]!.user_graduate_id),
      // the fifth sends another player's run, and an answer its test does not have
      stop(agents[4]!, runs[5]!.user_graduate_id),
      stop(agents[5]!, runs[5]!.user_graduate_id, [
        { questionId: runs[5]!.questions[0]!.id, answerIds: [999_999] },
      ]),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 409, 404, 422]);
    // a look-up of the sessions, one of the runs and two rounds of the write: not one per request;
    // plus one evaluation of the completion for the accomplished stops together (issue 36 item 3:
    // the tests' seminars and the progress read model's seven statements in one transaction)
    expect(t.app.database.queryCount() - before).toBeLessThan(8 + 9);
    expect(await resultsOf(runs.slice(0, 4).map((r) => r.user_graduate_id))).toBe(4);
    const open = await t.app.database.db
      .select({ id: userGraduateMctests.id, stoppedAt: userGraduateMctests.stoppedAt })
      .from(userGraduateMctests)
      .where(inArray(userGraduateMctests.id, [runs[4]!.user_graduate_id, runs[5]!.user_graduate_id]));
    expect(open.map((r) => r.stoppedAt)).toEqual([null, null]);
    expect(responses.slice(0, 4).map((r) => r.json().achievedPercent)).toEqual([0, 25, 50, 75]);
    // each stored result holds the run's choices exactly as the shared builder makes them
    // (answer-coding.ts), and its answer coding is rebuilt from them with the snapshot
    for (const [i, run] of runs.slice(0, 4).entries()) {
      const [row] = await t.app.database.db
        .select({ snapshot: userGraduateMctests.snapshot, choices: userGraduateResults.choices })
        .from(userGraduateMctests)
        .innerJoin(userGraduateResults, eq(userGraduateResults.userGraduateMctestId, userGraduateMctests.id))
        .where(eq(userGraduateMctests.id, run.user_graduate_id));
      const chosen = new Map(answersOf(run, i).map((q) => [q.questionId, new Set(q.answerIds)]));
      const score = scoreMcTestRun(row!.snapshot.questions, chosen, row!.snapshot.percentToAccomplish);
      expect(row!.choices).toEqual(choicesOf(row!.snapshot, chosen, score.perQuestion));
      const coding = codingOf(row!.snapshot, row!.choices);
      expect(coding.questions.flatMap((q) => q.answers.filter((a) => a.choosen))).toHaveLength(i);
      expect(coding.questions.map((q) => q.right)).toEqual(coding.questions.map((_, qi) => qi < i));
    }
    // every stored run is analysed item by item after the answers (the instance's background
    // pass, item-rows.ts), each with its own score: the sums are per run
    const itemsOf = () =>
      t.app.database.db
        .select()
        .from(mcItemResponses)
        .where(
          inArray(
            mcItemResponses.runId,
            runs.slice(0, 4).map((r) => r.user_graduate_id),
          ),
        );
    let items = await itemsOf();
    for (let waited = 0; items.length < 16 && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      items = await itemsOf();
    }
    expect(items).toHaveLength(4 * 4);
    for (const [i, run] of runs.slice(0, 4).entries()) {
      const rows = items.filter((r) => r.runId === run.user_graduate_id).sort((a, b) => a.n - b.n);
      expect(rows.map((r) => r.score)).toEqual([i / 4, i / 4, i / 4, i / 4]);
      // the score without the question: the other three, right where their position is below i
      expect(rows.map((r) => r.rest)).toEqual(rows.map((r) => (i - (r.right ? 1 : 0)) / 3));
      expect(rows.map((r) => r.right)).toEqual(rows.map((r) => r.n - 1 < i));
    }
  });

  it('ten concurrent starts of one user open one run', async () => {
    const u = await t.make.user();
    const made = await mx.bookedTest(trainerId, [u.id]);
    const agent = await t.loginAs(u.email);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => agent.post('/api/graduate/startTest', { id: made.test.id })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(responses.map((r) => r.json().user_graduate_id)).size).toBe(1);
    const rows = await t.app.database.db
      .select()
      .from(userGraduateMctests)
      .where(eq(userGraduateMctests.mcTestId, made.test.id));
    expect(rows).toHaveLength(1);
  });
});
