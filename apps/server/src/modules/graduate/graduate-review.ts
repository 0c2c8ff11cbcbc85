import { type ReviewLevel, type RunReview, reviewLevel, reviewPolicyOf } from '@elearn/shared';
import type { RunSnapshot, StoredChoice } from '../../db/schema/index.ts';
import { reviewOf } from './graduate.dto.ts';

/** what decides a run's review: the run's mode, its test's policy and close, and the learner's pass */
export interface ReviewFacts {
  mode: string;
  reviewContent: string | null;
  reviewWhen: string | null;
  closesAt: Date | null;
  /** the learner has an accomplished run of the test (this one included) */
  accomplished: boolean;
}

/** how much of a finished run the learner may see at `now` (issue 37 item 5; packages/shared) */
export const reviewLevelOf = (f: ReviewFacts, now: number): ReviewLevel =>
  reviewLevel(reviewPolicyOf(f.mode === 'practice' ? 'practice' : 'exam', f.reviewContent, f.reviewWhen), {
    accomplished: f.accomplished,
    closesAt: f.closesAt,
    now: new Date(now),
  });

/**
 * The review a learner gets of a finished run, no more than its level allows: nothing (null);
 * per question right or wrong with the learner's choices, never which answers are correct nor
 * the explanations; or everything the snapshot holds. Every answer of the API that can tell
 * correctness to a learner goes through here (stop, history).
 */
export function reviewAt(
  level: ReviewLevel,
  snapshot: Pick<RunSnapshot, 'questions'> | null,
  choices: StoredChoice[] | null,
): RunReview | null {
  if (level === 'none' || !snapshot || !choices) return null;
  const review = reviewOf(snapshot, choices);
  if (level === 'full') return review;
  return {
    questions: review.questions.map((q) => ({
      ...q,
      explanation: null,
      answers: q.answers.map((a) => ({ ...a, correct: null, explanation: null })),
    })),
  };
}
