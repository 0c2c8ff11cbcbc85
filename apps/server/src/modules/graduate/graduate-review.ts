import type { ReviewLevel, RunReview } from '@elearn/shared';
import type { RunSnapshot, StoredChoice } from '../../db/schema/index.ts';
import { reviewOf } from './graduate.dto.ts';

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
