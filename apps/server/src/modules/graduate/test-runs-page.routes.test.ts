import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { mcTestFixtures } from '../../test/mc-test-fixtures.ts';

/*
 * GET /api/mc_tests/{id}/usergraduate?page=&per_page=&results= (issue 39): the test with a page of
 * its runs, newest first, and the results of those runs only, instead of every run and result of
 * a test that thousands took; the report counts its runs in the database.
 */
describe('the runs of a test, a page at a time', () => {
  let t: TestApp;
  let trainer: Agent;
  let testId: number;
  /** the runs, oldest first: five finished ones of one learner a day apart, then an open one */
  const runs: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    const mx = mcTestFixtures(t.app);
    const owner = await t.make.user({ scopes: ['trainer'] });
    const [a, b] = [await t.make.user(), await t.make.user()];
    const made = await mx.bookedTest(owner.id, [a.id, b.id], { questions: 2, percent: 50 });
    testId = made.test.id;
    for (let i = 0; i < 5; i++) {
      const startedAt = new Date(Date.UTC(2026, 0, 1 + i, 9));
      runs.push((await mx.run(testId, a.id, { stopped: true, right: i % 2 === 0, startedAt })).id);
    }
    runs.push((await mx.run(testId, b.id, { startedAt: new Date(Date.UTC(2026, 0, 9, 9)) })).id);
    trainer = await t.loginAs(owner.email);
  });
  afterAll(() => t.close());

  const list = (query = '') => trainer.get(`/api/mc_tests/${testId}/usergraduate${query}`);
  const ids = (body: { user_graduate_mctests: { id: number }[] }) =>
    body.user_graduate_mctests.map((r) => r.id);

  it('answers a page of the runs, newest first, with the paginator’s numbers beside the test', async () => {
    const first = await list('?per_page=4');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: testId, current_page: 1, last_page: 2, per_page: 4, total: 6 });
    expect(ids(first.json())).toEqual([runs[5], runs[4], runs[3], runs[2]]);
    expect(first.json().user_graduate_results).toEqual([]);
    // the last page is read from the oldest end: the same order as if counted from the front
    expect(ids((await list('?per_page=4&page=2')).json())).toEqual([runs[1], runs[0]]);
    expect(ids((await list('?per_page=5&page=2')).json())).toEqual([runs[0]]);
    expect((await list('?per_page=4&page=3')).json()).toMatchObject({ user_graduate_mctests: [], total: 6 });
    // without parameters: the newest 20
    expect((await list()).json()).toMatchObject({ current_page: 1, last_page: 1, per_page: 20, total: 6 });
  });

  it('results=1 adds the results of the page’s runs only', async () => {
    const page = (await list('?per_page=2&page=2&results=1')).json();
    expect(ids(page)).toEqual([runs[3], runs[2]]);
    const of = page.user_graduate_results.map(
      (r: { user_graduate_mctest_id: number }) => r.user_graduate_mctest_id,
    );
    expect(of).toEqual([runs[3], runs[2]]);
    expect(page.user_graduate_results[0].answer_coding.questions).toHaveLength(2);
    // the open run has no result
    expect((await list('?per_page=1&results=1')).json().user_graduate_results).toEqual([]);
  });

  it('bad page parameters are a 422; the report counts every run', async () => {
    for (const query of ['per_page=0', 'per_page=101', 'page=0', 'page=abc', 'results=2']) {
      const res = await list(`?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors, query).toBeTruthy();
    }
    const report = (await trainer.get(`/api/mc_tests/${testId}/report`)).json();
    // runs 0, 2 and 4 all right (100 %), 1 and 3 all wrong (0 %), one open
    expect(report).toMatchObject({
      runs: 6,
      finished: 5,
      accomplished: 3,
      pass_rate: 60,
      average_percent: 60,
    });
    expect(report.distribution).toEqual([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3]);
  });
});
