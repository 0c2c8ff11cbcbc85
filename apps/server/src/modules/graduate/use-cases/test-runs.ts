import type { McTestMode, RunDto, UserGraduateList } from '@elearn/shared';
import type { AuthUser } from '../../../plugins/session.ts';
import { codingOf } from '../answer-coding.ts';
import { type GraduateContext, managedTest } from '../graduate.context.ts';
import { iso } from '../graduate.dto.ts';
import { graduateRepository as repo } from '../graduate.repository.ts';

type TestRun = Awaited<ReturnType<typeof repo.runsOfTestPage>>['rows'][number];

const runDto = (r: TestRun): RunDto => ({
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
  visible: r.run.stoppedAt && r.run.mode === 'practice' ? 1 : 0,
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
  return {
    ...item,
    user_graduate_mctests: runs.map(runDto),
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
