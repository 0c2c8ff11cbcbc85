import type { ConfirmGraduationBody, Locale, StopTestBody } from '@elearn/shared';
import type { AuthUser } from '../../plugins/session.ts';
import { createGraduateContext, type GraduateDeps } from './graduate.context.ts';
import { graduatePersonalData } from './graduate.personal-data.ts';
import { graduateRepository as repo } from './graduate.repository.ts';
import { CLOSE_WINDOWS_CRON, CLOSE_WINDOWS_JOB, closeWindows } from './use-cases/close-windows.ts';
import { confirmGraduation } from './use-cases/confirm-graduation.ts';
import { ownerHistory, studentHistory } from './use-cases/run-history.ts';
import { saveAnswer } from './use-cases/save-answer.ts';
import { startRun } from './use-cases/start-run.ts';
import { stopRun } from './use-cases/stop-run.ts';
import { exportTestRuns, testReport } from './use-cases/test-report.ts';
import { testRuns } from './use-cases/test-runs.ts';

export type GraduateService = ReturnType<typeof createGraduateService>;
export type { GraduateDeps } from './graduate.context.ts';
export { toOwnerRow } from './graduate.dto.ts';

/**
 * Test runs (start, stop and scoring with the shared rule on the snapshot taken at start),
 * the students' and owners' history, graduation and the spreadsheet export. The use cases are in
 * `use-cases/`, the batches and caches they share in `graduate.context.ts`.
 */
export function createGraduateService(deps: GraduateDeps) {
  const ctx = createGraduateContext(deps);
  return {
    /** a user's stopped runs over all tests (the admin area checks its own rights) */
    stoppedRunsOfUser: (userId: number) => repo.stoppedRunsOfUser(ctx.db, userId),
    /** what this module keeps about a person: the data export and the account erasure (issue 19) */
    personalData: graduatePersonalData(ctx.db),
    start: (actor: AuthUser, testId: number) => startRun(ctx, actor, testId),
    /** the answers to one question of the caller's open run, saved as given (issue 37 item 2) */
    saveAnswer: (actor: AuthUser, runId: number, questionId: number, answerIds: number[]) =>
      saveAnswer(ctx, actor, runId, questionId, answerIds),
    stop: (actor: AuthUser, body: StopTestBody['resultSet']) => stopRun(ctx, actor, body),
    studentHistory: (actor: AuthUser, q: { page: number; per_page: number }) => studentHistory(ctx, actor, q),
    ownerHistory: (actor: AuthUser, q: { page: number; per_page: number; mc_test_id?: number; q?: string }) =>
      ownerHistory(ctx, actor, q),
    confirm: (actor: AuthUser, body: ConfirmGraduationBody & { passed?: number }) =>
      confirmGraduation(ctx, actor, body),
    userGraduate: (
      actor: AuthUser,
      testId: number,
      q: { page: number; per_page: number; results?: '0' | '1' },
    ) => testRuns(ctx, actor, testId, q),
    report: (actor: AuthUser, testId: number) => testReport(ctx, actor, testId),
    export: (actor: AuthUser, testId: number, locale: Locale) => exportTestRuns(ctx, actor, testId, locale),
    /** scores the runs left open by the close of their test's window (the job calls this; tests too) */
    closeWindows: () => closeWindows(ctx),
    /** the close job, every minute, once per period across the instances */
    async defineJobs() {
      if (!deps.jobs) return;
      await deps.jobs.define(CLOSE_WINDOWS_JOB, async () => {
        await closeWindows(ctx);
      });
      await deps.jobs.schedule(CLOSE_WINDOWS_JOB, CLOSE_WINDOWS_CRON);
    },
  };
}
