import type { StartedRun } from '@elearn/shared';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userGraduateMctests } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { mcTestFixtures } from '../../test/mc-test-fixtures.ts';

/**
 * Answer saves that arrive together (a class in an exam, issue 37) share one look-up and one
 * write per round: nothing is lost when one run's questions are saved at once, a foreign run's
 * save in the same batch is refused alone. On PGlite, and on PostgreSQL when TEST_DATABASE_URL
 * is set.
 */
describe('answer saves in bursts', () => {
  let t: TestApp;
  let mx: ReturnType<typeof mcTestFixtures>;
  let trainerId: number;

  beforeAll(async () => {
    t = await buildTestApp({ rateLimitFactor: 1000 });
    mx = mcTestFixtures(t.app);
    trainerId = (await t.make.user({ scopes: ['trainer'] })).id;
  });
  afterAll(() => t.close());

  async function startedRuns(learners: number, questions: number) {
    const users = await Promise.all(Array.from({ length: learners }, () => t.make.user()));
    const made = await mx.bookedTest(
      trainerId,
      users.map((u) => u.id),
      { questions, mode: 'practice' },
    );
    const agents: Agent[] = [];
    for (const u of users) agents.push(await t.loginAs(u.email));
    const runs: StartedRun[] = [];
    for (const a of agents) runs.push((await a.post('/api/graduate/startTest', { id: made.test.id })).json());
    return { agents, runs };
  }
  const save = (a: Agent, runId: number, questionId: number, answerIds: number[]) =>
    a.put(`/api/graduate/runs/${runId}/answers/${questionId}`, { answerIds });

  it('every learner saves every question at once: each run keeps all its answers, in far fewer statements', async () => {
    const { agents, runs } = await startedRuns(30, 5);
    // learner i picks answer (i + q) mod n of question q
    const picks = runs.map((run, i) =>
      run.questions.map((q, qi) => ({
        questionId: q.id,
        answerIds: [q.answers[(i + qi) % q.answers.length]!.id],
      })),
    );
    await t.app.afterResponse.flush();
    const before = t.app.database.queryCount();
    const answers = await Promise.all(
      runs.flatMap((run, i) =>
        picks[i]!.map((p) => save(agents[i]!, run.user_graduate_id, p.questionId, p.answerIds)),
      ),
    );
    await t.app.afterResponse.flush();
    const statements = t.app.database.queryCount() - before;
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    // one look-up and one write per save before: 300 statements for 150 saves
    expect(statements).toBeLessThan(150);
    const stored = await t.app.database.db
      .select({ id: userGraduateMctests.id, saved: userGraduateMctests.savedAnswers })
      .from(userGraduateMctests)
      .where(
        inArray(
          userGraduateMctests.id,
          runs.map((r) => r.user_graduate_id),
        ),
      );
    const byRun = new Map(stored.map((r) => [r.id, r.saved]));
    for (const [i, run] of runs.entries()) {
      expect(byRun.get(run.user_graduate_id)).toEqual(
        Object.fromEntries(picks[i]!.map((p) => [String(p.questionId), p.answerIds])),
      );
    }
  });

  it('a save of someone else’s run in the same burst is refused alone; a stopped run’s save says so', async () => {
    const { agents, runs } = await startedRuns(3, 2);
    const [a0, a1, a2] = agents as [Agent, Agent, Agent];
    const [r0, r1, r2] = runs as [StartedRun, StartedRun, StartedRun];
    const q = (run: StartedRun) => ({ id: run.questions[0]!.id, answer: run.questions[0]!.answers[0]!.id });
    await a2.patch('/api/graduate/stopTest', {
      resultSet: { userGraduateId: r2.user_graduate_id, questions: [] },
    });
    const [own, foreign, stopped] = await Promise.all([
      save(a0, r0.user_graduate_id, q(r0).id, [q(r0).answer]),
      save(a0, r1.user_graduate_id, q(r1).id, [q(r1).answer]),
      save(a2, r2.user_graduate_id, q(r2).id, [q(r2).answer]),
    ]);
    expect(own.statusCode).toBe(200);
    expect(foreign.statusCode).toBe(404);
    expect(stopped.statusCode).toBe(409);
    expect(stopped.json().code).toBe('mc_test.run_already_stopped');
    const [untouched] = await t.app.database.db
      .select({ saved: userGraduateMctests.savedAnswers })
      .from(userGraduateMctests)
      .where(inArray(userGraduateMctests.id, [r1.user_graduate_id]));
    expect(untouched!.saved).toBeNull();
    // the owner of that run still saves it
    expect((await save(a1, r1.user_graduate_id, q(r1).id, [q(r1).answer])).statusCode).toBe(200);
  });
});
