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
  const [item, runs, stats] = await Promise.all([
    ctx.mcTests.item(testId),
    repo.runsOfTest(ctx.db, testId),
    repo.questionStats(ctx.db, testId),
  ]);
  const finished = runs.filter((r) => r.run.stoppedAt !== null);
  const accomplished = finished.filter((r) => r.run.accomp).length;
  const distribution = Array.from({ length: 11 }, () => 0);
  let sum = 0;
  for (const r of finished) {
    const p = r.run.achievedPercent ?? 0;
    sum += p;
    const bucket = p >= 100 ? 10 : Math.max(0, Math.floor(p / 10));
    distribution[bucket] = (distribution[bucket] ?? 0) + 1;
  }
  const round2 = (v: number) => Math.round(v * 100) / 100;
  return {
    mc_test: item,
    runs: runs.length,
    finished: finished.length,
    accomplished,
    pass_rate: finished.length ? round2((accomplished / finished.length) * 100) : 0,
    average_percent: finished.length ? round2(sum / finished.length) : null,
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
