/**
 * The question selection of a test (issue 37 item 3): fixed (the linked questions) or drawn by
 * rules for each run, and whether a run shuffles its questions. The draw itself:
 * domain/question-draw.ts. Decision: docs/decisions/tests.md.
 */
import { z } from 'zod';
import { DRAW_RULES_MAX, QUESTION_SELECTIONS } from '../domain/question-draw.ts';
import { encodeMessage as m } from '../i18n/messages.ts';
import { questionCategory } from './question-category.ts';

/** a run draws at most this many questions (QUESTIONS_PER_TEST_MAX of a fixed test) */
export const DRAWN_QUESTIONS_MAX = 200;

const drawRuleSchema = z
  .object({
    category: questionCategory().refine((c) => c !== null, { error: m('validation.required') }),
    count: z
      .number({ error: m('validation.integer') })
      .int({ error: m('validation.integer') })
      .min(1, { error: m('validation.number_min', { min: 1 }) })
      .max(DRAWN_QUESTIONS_MAX, { error: m('validation.number_max', { max: DRAWN_QUESTIONS_MAX }) }),
  })
  .strict()
  .transform((r) => ({ category: r.category as string, count: r.count }));

/** a test's rules: at most DRAW_RULES_MAX, drawing at most DRAWN_QUESTIONS_MAX questions together */
export const drawRules = () =>
  z
    .array(drawRuleSchema, { error: m('validation.invalid') })
    .max(DRAW_RULES_MAX, { error: m('validation.max_items', { max: DRAW_RULES_MAX }) })
    .refine((rules) => rules.reduce((n, r) => n + r.count, 0) <= DRAWN_QUESTIONS_MAX, {
      error: m('mc_test.too_many_questions', { max: DRAWN_QUESTIONS_MAX }),
    });

/** the fields of a test's create and update bodies; absent: unchanged (fixed, none, false on create) */
export const drawSettingsIn = {
  question_selection: z.enum(QUESTION_SELECTIONS, { error: m('validation.invalid') }).optional(),
  draw_rules: drawRules().optional(),
  shuffle_questions: z.boolean({ error: m('validation.invalid') }).optional(),
};

/** the fields of a test's DTO */
export const drawSettingsOut = {
  /** `fixed`: the linked questions; `drawn`: drawn by the rules afresh for each run */
  question_selection: z.enum(QUESTION_SELECTIONS),
  /** a category includes those below it; kept when the test is fixed */
  draw_rules: z.array(z.object({ category: z.string(), count: z.number().int() })),
  /** each run asks its questions in an order of its own */
  shuffle_questions: z.boolean(),
};
