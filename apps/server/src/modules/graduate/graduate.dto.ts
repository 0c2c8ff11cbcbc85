import type { McTestMode, OwnerRow, RunReview, StartedRun } from '@elearn/shared';
import type { RunSnapshot, StoredChoice } from '../../db/schema/index.ts';
import { mcTestPolicy } from '../../policies/mc-test.policy.ts';
import type { OwnerRunRow, RunRow } from './graduate.repository.ts';

export const iso = (d: Date) => d.toISOString();

/**
 * The review of a finished practice run (only ever built for one: stop-run and the student's
 * history check the mode and the stop): per question of the snapshot whether it was right, each
 * answer with the student's choice and its correct flag, and the explanations the snapshot holds.
 */
export const reviewOf = (snapshot: Pick<RunSnapshot, 'questions'>, choices: StoredChoice[]): RunReview => {
  const byQuestion = new Map(choices.map((c) => [c.q, c]));
  return {
    questions: snapshot.questions.map((q) => {
      const choice = byQuestion.get(q.id);
      const picked = new Set(choice?.a ?? []);
      return {
        id: q.id,
        label: q.label,
        right: choice?.r ?? false,
        points: q.points,
        explanation: q.explanation ?? null,
        answers: q.answers.map((a) => ({
          id: a.id,
          label: a.label,
          chosen: picked.has(a.id),
          correct: a.correct,
          explanation: a.explanation ?? null,
        })),
      };
    }),
  };
};

/**
 * a run as the owner's lists show it; `visible`: its learner may see more of it than the score
 * now (per question right or wrong, or everything), by the rule of the learner's own result
 */
export function toOwnerRow(r: OwnerRunRow, now: number): OwnerRow {
  const finished = r.stoppedAt !== null;
  return {
    id: r.mcTestId,
    label: r.label,
    mode: r.mode as McTestMode,
    user_id: r.user.id,
    firstName: r.user.firstName,
    lastName: r.user.lastName,
    email: r.user.email,
    accomp: finished ? r.accomp : null,
    visible: finished && mcTestPolicy.review(r, now) !== 'none' ? 1 : 0,
    achievedPercent: finished ? r.achievedPercent : null,
    result: finished && r.totalCount !== null ? { right: r.rightCount ?? 0, total: r.totalCount } : null,
    user_graduate_id: r.id,
    passed: (r.passed === 1 ? 1 : 0) as 0 | 1,
    startDateTime: iso(r.startedAt),
    stopDateTime: r.stoppedAt ? iso(r.stoppedAt) : null,
  };
}

/** a run as the player gets it: the snapshot's questions, never the correct flags */
export const startedRun = (run: RunRow, testId: number, resumed: boolean, now: number): StartedRun => {
  const s = run.snapshot;
  const saved = run.savedAnswers ?? {};
  return {
    user_graduate_id: run.id,
    resumed,
    started_at: iso(run.startedAt),
    deadline: run.deadline ? iso(run.deadline) : null,
    now: new Date(now).toISOString(),
    // in the snapshot's order: a resumed run continues with what was saved
    answers: s.questions
      .filter((q) => saved[String(q.id)] !== undefined)
      .map((q) => ({ question_id: q.id, answer_ids: saved[String(q.id)] ?? [] })),
    mc_test: { id: testId, label: s.label, mode: s.mode, percent_to_accomplish: s.percentToAccomplish },
    // never the correct flags
    questions: s.questions.map((q) => ({
      id: q.id,
      label: q.label,
      points: q.points,
      answers: q.answers.map((a) => ({ id: a.id, question_id: q.id, label: a.label })),
    })),
  };
};
