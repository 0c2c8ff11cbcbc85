import { z } from 'zod';
import { encodeMessage as m } from '../i18n/messages.ts';
import { MC_TEST_MODES } from './mc-test.ts';

/** Contract: docs/api/item-analysis.md */

/** The limits of the flags (issue 17) and the share of runs in the upper and lower group. */
export const ITEM_ANALYSIS_LIMITS = {
  /** fewer runs with the question: too few to judge */
  minRuns: 10,
  /** facility above: too easy */
  easyAbove: 0.95,
  /** facility below: too hard */
  hardBelow: 0.2,
  /** discrimination (point-biserial) below, but not negative: weak */
  weakBelow: 0.2,
  /** share of runs in the upper and in the lower group (Kelley's 27 %) */
  groupShare: 0.27,
} as const;

export const ITEM_FLAGS = [
  'too_few_runs',
  'too_easy',
  'too_hard',
  'negative_discrimination',
  'weak_discrimination',
] as const;
export type ItemFlag = (typeof ITEM_FLAGS)[number];

/** a calendar day YYYY-MM-DD that exists (UTC) */
const day = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: m('validation.date') })
    .refine(
      (v) => {
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
      },
      { error: m('validation.date') },
    );

export const itemAnalysisQuerySchema = z
  .object({
    /** first day (UTC) of the runs' start, inclusive */
    from: day().optional(),
    /** last day (UTC) of the runs' start, inclusive */
    to: day().optional(),
    mode: z.enum(MC_TEST_MODES, { error: m('validation.invalid') }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ['to'],
    error: m('item_analysis.date_order'),
  });
export type ItemAnalysisQuery = z.infer<typeof itemAnalysisQuerySchema>;

const share = () => z.number().min(0).max(1);

export const itemAnswerStatSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  correct: z.boolean(),
  /** runs that chose the answer */
  chosen: z.number().int(),
  /** share of the question's runs that chose it */
  share: share(),
  /** share of the question's runs in the upper / lower group that chose it (null: none there) */
  upper_share: share().nullable(),
  lower_share: share().nullable(),
});
export type ItemAnswerStat = z.infer<typeof itemAnswerStatSchema>;

export const itemStatSchema = z.object({
  question_id: z.number().int(),
  /** the question's text as asked in these runs (sanitized HTML) */
  label: z.string(),
  /** 1 for the first (oldest) form of a question asked in several forms, then 2, … */
  version: z.number().int(),
  versions: z.number().int(),
  /** the question still exists in the pool (its editor can be opened) */
  in_pool: z.boolean(),
  /** runs that had the question */
  runs: z.number().int(),
  right: z.number().int(),
  /** facility index: share answered right */
  facility: share(),
  /** point-biserial correlation of right/wrong with the score on the rest of the test */
  discrimination: z.number().min(-1).max(1).nullable(),
  /** share right in the upper group minus share right in the lower group */
  upper_lower: z.number().min(-1).max(1).nullable(),
  upper_runs: z.number().int(),
  lower_runs: z.number().int(),
  flags: z.array(z.enum(ITEM_FLAGS)),
  answers: z.array(itemAnswerStatSchema),
});
export type ItemStat = z.infer<typeof itemStatSchema>;

export const itemAnalysisSchema = z.object({
  mc_test: z.object({
    id: z.number().int(),
    label: z.string(),
    mode: z.enum(MC_TEST_MODES),
  }),
  filter: z.object({
    from: z.string().nullable(),
    to: z.string().nullable(),
    mode: z.enum(MC_TEST_MODES).nullable(),
  }),
  /** stopped runs in the range */
  runs: z.number().int(),
  /** runs in the upper and lower 27 % by score (ties at the border included) */
  upper_runs: z.number().int(),
  lower_runs: z.number().int(),
  questions: z.array(itemStatSchema),
});
export type ItemAnalysis = z.infer<typeof itemAnalysisSchema>;
