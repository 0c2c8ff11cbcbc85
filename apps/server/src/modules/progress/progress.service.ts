import type { CompletionSettingsBody, LearnerProgressQuery, Locale, VideoPositionBody } from '@elearn/shared';
import type { Tx } from '../../db/client.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { activityOf } from './progress.activity.ts';
import { createProgressContext, type ProgressDeps } from './progress.context.ts';
import { progressPersonalData } from './progress.personal-data.ts';
import { computeProgress } from './progress.read-model.ts';
import { progressRepository } from './progress.repository.ts';
import { catchUpCompletions } from './use-cases/catch-up-completions.ts';
import { completionSettings, saveCompletionSettings } from './use-cases/completion-settings.ts';
import { evaluateCompletion } from './use-cases/evaluate-completion.ts';
import { exportLearnerProgress, learnerProgress } from './use-cases/learner-progress.ts';
import { certificatePdf, myCertificates } from './use-cases/my-certificates.ts';
import { myProgress, myProgressIn } from './use-cases/my-progress.ts';
import { revokeCertificate } from './use-cases/revoke-certificate.ts';
import { saveVideoPosition } from './use-cases/save-video-position.ts';
import { teamFacts } from './use-cases/team-facts.ts';
import { verifyCertificate } from './use-cases/verify-certificate.ts';

export type ProgressService = ReturnType<typeof createProgressService>;
export type { ProgressDeps } from './progress.context.ts';

/**
 * Learning progress, video resume and coverage, completion and certificates (issue 16). Who
 * holds a seminar comes from the enrolments service; seminar access from the seminars service.
 * The use cases are in `use-cases/`, the progress read model in `progress.read-model.ts`.
 */
/** the nightly catch-up of completions met but not stored (a crash between a write and its evaluation) */
export const CATCH_UP_JOB = 'progress-catch-up';
const CATCH_UP_CRON = '40 3 * * *';

export function createProgressService(deps: ProgressDeps) {
  const ctx = createProgressContext(deps);
  return {
    /** what this module keeps about a person: the data export and the account erasure (issue 19) */
    personalData: progressPersonalData(ctx.db),
    savePosition: (actor: AuthUser, fileId: number, body: VideoPositionBody) =>
      saveVideoPosition(ctx, actor, fileId, body),
    mine: (actor: AuthUser) => myProgress(ctx, actor),
    mineIn: (actor: AuthUser, seminarId: number) => myProgressIn(ctx, actor, seminarId),
    /**
     * the completion's evaluation after a fact changed, in the write's transaction (issue 36 item
     * 3): a chapter marked done (chapters), a test run stopped or its graduation confirmed (graduate)
     */
    completionChanged: {
      inSeminar: (tx: Tx, userId: number, seminarId: number, at: Date) =>
        evaluateCompletion(tx, userId, seminarId, at),
      byTest: async (tx: Tx, userId: number, mcTestId: number, at: Date) => {
        const seminarId = await progressRepository.seminarOfTest(tx, mcTestId);
        return seminarId === undefined ? false : evaluateCompletion(tx, userId, seminarId, at);
      },
      /** an accomplished run stopped: the stops that arrive together are evaluated in one transaction */
      runStopped: (userId: number, mcTestId: number, at: Date) => ctx.runStopped({ userId, mcTestId, at }),
    },
    /** completions met by the rule but never stored (before issue 36 item 3): the command line's catch-up */
    catchUp: () => catchUpCompletions(ctx.db, ctx.now),
    /**
     * The catch-up as a nightly job of the queue (once across the instances): a video save and a
     * stopped run evaluate the completion right after their own transaction; a crash between the
     * two leaves a completion met but not stored, which this stores, dated at the learner's last
     * activity in the seminar (issue 36 item 3).
     */
    async defineJobs() {
      if (!deps.jobs) return;
      await deps.jobs.define(CATCH_UP_JOB, async () => {
        await catchUpCompletions(ctx.db, ctx.now);
      });
      await deps.jobs.schedule(CATCH_UP_JOB, CATCH_UP_CRON);
    },
    /** the summaries of learners in seminars (the company's employee view), keyed `userId/seminarId` */
    async summaries(pairs: { userId: number; seminarId: number }[]) {
      const computed = await computeProgress(ctx, pairs);
      return new Map([...computed.entries()].map(([k, c]) => [k, c.summary]));
    },
    /** one learner's progress in the seminars given, in a constant number of statements (issue 36) */
    async of(userId: number, seminarIds: number[]) {
      const computed = await computeProgress(
        ctx,
        seminarIds.map((seminarId) => ({ userId, seminarId })),
      );
      return new Map([...computed.values()].map((c) => [c.summary.seminar_id, c.detail]));
    },
    /** the company team view's facts of learners in seminars (issue 36 item 7), keyed `userId/seminarId` */
    teamFacts: (pairs: { userId: number; seminarId: number }[]) => teamFacts(ctx, pairs),
    /**
     * of `userIds`, those who started `seminarId`: a done mark, a video position or a test run
     * (a company's seat is taken back only before that, issue 38 item 4)
     */
    async startedIn(seminarId: number, userIds: number[]): Promise<Set<number>> {
      const rows = await activityOf(ctx.db, userIds, [seminarId]);
      return new Set(rows.filter((r) => r.lastActivity !== null).map((r) => r.userId));
    },
    learners: (actor: AuthUser, seminarId: number, q: LearnerProgressQuery) =>
      learnerProgress(ctx, actor, seminarId, q),
    export: (actor: AuthUser, seminarId: number, locale: Locale) =>
      exportLearnerProgress(ctx, actor, seminarId, locale),
    settings: (actor: AuthUser, seminarId: number) => completionSettings(ctx, actor, seminarId),
    saveSettings: (actor: AuthUser, seminarId: number, body: CompletionSettingsBody) =>
      saveCompletionSettings(ctx, actor, seminarId, body),
    // certificates
    myCertificates: (actor: AuthUser) => myCertificates(ctx, actor),
    pdf: (actor: AuthUser, code: string, locale: Locale) => certificatePdf(ctx, actor, code, locale),
    verify: (code: string, ip: string) => verifyCertificate(ctx, code, ip),
    revoke: (actor: AuthUser, code: string, reason: string) => revokeCertificate(ctx, actor, code, reason),
  };
}
