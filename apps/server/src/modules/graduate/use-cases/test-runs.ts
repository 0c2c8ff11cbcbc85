import type { McTestListItem, McTestMode, RunDto, UserGraduateList } from '@elearn/shared';
import type { AuthUser } from '../../../plugins/session.ts';
import { mcTestPolicy } from '../../../policies/mc-test.policy.ts';
import { codingOf } from '../answer-coding.ts';
import { type GraduateContext, managedTest } from '../graduate.context.ts';
import { iso } from '../graduate.dto.ts';
import { graduateRepository as repo } from '../graduate.repository.ts';

type TestRun = Awaited<ReturnType<typeof repo.runsOfTestPage>>['rows'][number];

/** what the learners' reviews of the test's runs depend on, besides each run (mcTestPolicy.review) */
interface ReviewOfRuns {
  test: Pick<McTestListItem, 'review_content' | 'review_when' | 'closes_at'>;
  /** the learners with an accomplished run of the test */
  accomplished: Set<number>;
  now: number;
}

/** the run's learner may see more of it than the score now, by the rule of their own result */
const shown = (r: TestRun, { test, accomplished, now }: ReviewOfRuns) =>
  r.run.stoppedAt !== null &&
  mcTestPolicy.review(
    {
      mode: r.run.mode,
      reviewContent: test.review_content,
      reviewWhen: test.review_when,
      closesAt: test.closes_at ? new Date(test.closes_at) : null,
      accomplished: accomplished.has(r.user.id),
    },
    now,
  ) !== 'none';

/** the policy facts of the runs' learners: their test's policy and who of them passed it */
async function reviewOfRuns(
  ctx: GraduateContext,
  test: ReviewOfRuns['test'] & { id: number },
  runs: TestRun[],
): Promise<ReviewOfRuns> {
  const userIds = runs.filter((r) => r.run.stoppedAt !== null).map((r) => r.user.id);
  const accomplished = await repo.accomplishedLearners(ctx.db, test.id, userIds);
  return { test, accomplished, now: ctx.now() };
}

const runDto = (r: TestRun, review: ReviewOfRuns): RunDto => ({
  id: r.run.id,
  mc_test_id: r.run.mcTestId,
  passed: (r.run.passed === 1 ? 1 : 0) as 0 | 1,
  user: {
    id: r.user.id,
    first_name: r.user.firstName,
    last_name: r.user.lastName,
    email: r.user.email,
  },
  mode: r.run.mode as McTestMode,
  started_at: iso(r.run.startedAt),
  stopped_at: r.run.stoppedAt ? iso(r.run.stoppedAt) : null,
  achieved_percent: r.run.stoppedAt ? r.run.achievedPercent : null,
  accomp: r.run.stoppedAt ? r.run.accomp : null,
  visible: shown(r, review) ? 1 : 0,
  confirmed_at: r.run.confirmedAt ? iso(r.run.confirmedAt) : null,
  confirmed_by: r.confirmer
    ? { id: r.confirmer.id, first_name: r.confirmer.firstName, last_name: r.confirmer.lastName }
    : null,
});

/**
 * A page of the runs of a test the caller manages, newest first, with the answer codings of
 * those runs when asked (issue 39: every run and every result at once before; a test of a large
 * company has thousands).
 */
export async function testRuns(
  ctx: GraduateContext,
  actor: AuthUser,
  testId: number,
  query: { page: number; per_page: number; results?: '0' | '1' },
): Promise<UserGraduateList> {
  await managedTest(ctx, actor, testId);
  const [item, { rows: runs, total }] = await Promise.all([
    ctx.mcTests.item(testId),
    repo.runsOfTestPage(ctx.db, testId, {
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    }),
  ]);
  const runIds = runs.map((r) => r.run.id);
  const results = query.results === '1' ? await repo.resultsOfRuns(ctx.db, runIds) : [];
  const review = await reviewOfRuns(ctx, item, runs);
  return {
    ...item,
    user_graduate_mctests: runs.map((r) => runDto(r, review)),
    user_graduate_results: results.map((r) => ({
      id: r.id,
      user_graduate_mctest_id: r.userGraduateMctestId,
      answer_coding: codingOf(r.snapshot, r.choices),
      created_at: iso(r.createdAt),
    })),
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    per_page: query.per_page,
    total,
  };
}
