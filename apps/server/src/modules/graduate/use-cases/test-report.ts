import type { Locale, McTestReport } from '@elearn/shared';
import type { AuthUser } from '../../../plugins/session.ts';
import { type GraduateContext, managedTest } from '../graduate.context.ts';
import { buildExport } from '../graduate.export.ts';
import { graduateRepository as repo } from '../graduate.repository.ts';

/** a test's report: runs, pass rate, the distribution of results and each question's correct rate */
export async function testReport(
  ctx: GraduateContext,
  actor: AuthUser,
  testId: number,
): Promise<McTestReport> {
  await managedTest(ctx, actor, testId);
  // counted in the database: the report loaded every run of the test before (issue 39)
  const [item, buckets, stats] = await Promise.all([
    ctx.mcTests.item(testId),
    repo.runBuckets(ctx.db, testId),
    repo.questionStats(ctx.db, testId),
  ]);
  const distribution = Array.from({ length: 11 }, () => 0);
  let runs = 0;
  let finished = 0;
  let accomplished = 0;
  let sum = 0;
  for (const b of buckets) {
    runs += b.n;
    if (!b.finished) continue;
    finished += b.n;
    if (b.accomp) accomplished += b.n;
    sum += b.percentSum;
    distribution[b.bucket] = (distribution[b.bucket] ?? 0) + b.n;
  }
  const round2 = (v: number) => Math.round(v * 100) / 100;
  return {
    mc_test: item,
    runs,
    finished,
    accomplished,
    pass_rate: finished ? round2((accomplished / finished) * 100) : 0,
    average_percent: finished ? round2(sum / finished) : null,
    distribution,
    questions: stats.map((s) => ({
      question_id: s.questionId,
      label: s.label,
      answered: s.answered,
      right: s.right,
      rate: s.answered ? round2((s.right / s.answered) * 100) : 0,
    })),
  };
}

/** the .xlsx of a test's runs, per-question correct rates and item analysis */
export async function exportTestRuns(ctx: GraduateContext, actor: AuthUser, testId: number, locale: Locale) {
  const test = await managedTest(ctx, actor, testId);
  const [runs, stats, items] = await Promise.all([
    repo.runsOfTest(ctx.db, testId),
    repo.questionStats(ctx.db, testId),
    ctx.itemAnalysis.questions(test),
  ]);
  return buildExport({
    label: test.label,
    runs,
    stats,
    items,
    addItemSheet: ctx.itemAnalysis.addSheet,
    locale,
    at: new Date(ctx.now()),
  });
}
