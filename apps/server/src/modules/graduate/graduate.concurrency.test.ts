import type { StartedRun } from '@elearn/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userGraduateMctests, userGraduateResults } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { mcTestFixtures } from '../../test/mc-test-fixtures.ts';

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
