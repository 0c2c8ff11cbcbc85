/**
 * The question selection fields of the test form (issue 37 item 3): fixed or drawn, the rules
 * (a category with those below it, and how many to draw) and whether a run shuffles its questions.
 */
import { DRAWN_QUESTIONS_MAX, encodeMessage, QUESTION_SELECTIONS } from '@elearn/shared';
import { z } from 'zod';

const count = () =>
  z.string().transform((text, ctx) => {
    const value = text.trim();
    const n = /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
    if (!(n >= 1 && n <= DRAWN_QUESTIONS_MAX)) {
      ctx.issues.push({
        code: 'custom',
        input: text,
        message:
          value === ''
            ? encodeMessage('validation.required')
            : Number.isNaN(n)
              ? encodeMessage('validation.integer')
              : encodeMessage(n < 1 ? 'validation.number_min' : 'validation.number_max', {
                  min: 1,
                  max: DRAWN_QUESTIONS_MAX,
                }),
      });
      return z.NEVER;
    }
    return n;
  });

export const drawFormFields = {
  question_selection: z.enum(QUESTION_SELECTIONS),
  shuffle_questions: z.boolean(),
  draw_rules: z.array(
    z.object({
      category: z.string().min(1, { error: encodeMessage('validation.required') }),
      count: count(),
    }),
  ),
};
export const DRAW_FIELDS = ['question_selection', 'shuffle_questions', 'draw_rules'] as const;

/** the form's values of a saved test (a new test: fixed, no rules, not shuffled) */
export const drawFormValues = (test?: {
  question_selection: (typeof QUESTION_SELECTIONS)[number];
  draw_rules: { category: string; count: number }[];
  shuffle_questions: boolean;
}) => ({
  question_selection: test?.question_selection ?? ('fixed' as const),
  shuffle_questions: test?.shuffle_questions ?? false,
  draw_rules: (test?.draw_rules ?? []).map((r) => ({ category: r.category, count: String(r.count) })),
});
