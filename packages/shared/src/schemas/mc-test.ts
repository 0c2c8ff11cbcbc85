/**
 * Multiple-choice tests, the question pool, test runs and graduation (docs/api/mc-tests.md).
 * Request bodies are strict (unknown keys → 422); DTOs are what the server sends.
 */
import { z } from 'zod';
import { REVIEW_CONTENTS, REVIEW_WHENS } from '../domain/test-review.ts';
import { encodeMessage as m } from '../i18n/messages.ts';
import { pageQuery } from './common.ts';
import { questionCategory } from './question-category.ts';
import { id } from './rules.ts';
import { drawSettingsIn, drawSettingsOut } from './test-draw.ts';

export const MC_TEST_LABEL_MAX = 200;
export const QUESTION_LABEL_MAX = 20_000;
export const ANSWER_LABEL_MAX = 1000;
export const ANSWERS_PER_QUESTION_MAX = 20;
export const QUESTIONS_PER_TEST_MAX = 200;
export const POINTS_MAX = 1000;
/** an explanation of a question or an answer: rich text (HTML before sanitizing), at most this long */
export const EXPLANATION_MAX = 10_000;
export const MC_TEST_MODES = ['exam', 'practice'] as const;
export type McTestMode = (typeof MC_TEST_MODES)[number];

const flag01 = z.union([z.literal(0), z.literal(1)]);
/** 0/1 in JSON; booleans are accepted in requests */
const flagIn = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .transform((v) => (v === true || v === 1 ? 1 : 0));

/** PostgreSQL text cannot hold NUL: refused as invalid input (422), never a 500 */
const noNul = (v: string) => !v.includes('\u0000');
const noNulRule = { error: m('validation.invalid') };

const plainLabel = (max: number) =>
  z
    .string({ error: m('validation.required') })
    .trim()
    .min(1, { error: m('validation.required') })
    .max(max, { error: m('validation.max', { max }) })
    .refine(noNul, noNulRule);
const search = () => z.string().trim().max(200).refine(noNul, noNulRule).optional();

/** question text: rich text (sanitized on the server), required */
export const questionLabel = () =>
  z
    .string({ error: m('validation.required') })
    .max(QUESTION_LABEL_MAX, { error: m('validation.max', { max: QUESTION_LABEL_MAX }) })
    .refine(noNul, noNulRule)
    .refine((v) => v.replace(/<[^>]*>/g, '').trim().length > 0 || /<img\s/i.test(v), {
      error: m('validation.required'),
    });
export const answerLabel = () => plainLabel(ANSWER_LABEL_MAX);
/**
 * An explanation (rich text, sanitized on the server, shown after a practice run): optional; null
 * or text without anything visible clears it.
 */
export const explanation = () =>
  z
    .string({ error: m('validation.invalid') })
    .max(EXPLANATION_MAX, { error: m('validation.max', { max: EXPLANATION_MAX }) })
    .refine(noNul, noNulRule)
    .nullable();
export const mcTestLabel = () => plainLabel(MC_TEST_LABEL_MAX);

/** points: a whole number 1–1000, or null for "no points" (weight 1) */
export const points = () =>
  z
    .number({ error: m('validation.integer') })
    .int({ error: m('validation.integer') })
    .min(1, { error: m('validation.number_min', { min: 1 }) })
    .max(POINTS_MAX, { error: m('validation.number_max', { max: POINTS_MAX }) })
    .nullable();

export const percentToAccomplish = () =>
  z
    .number({ error: m('validation.integer') })
    .int({ error: m('validation.integer') })
    .min(0, { error: m('validation.number_min', { min: 0 }) })
    .max(100, { error: m('validation.number_max', { max: 100 }) });

/** a test's time limit in minutes (issue 37): 1–600, or null for none */
export const TIME_LIMIT_MINUTES_MAX = 600;
export const timeLimitMinutes = () =>
  z
    .number({ error: m('validation.integer') })
    .int({ error: m('validation.integer') })
    .min(1, { error: m('validation.number_min', { min: 1 }) })
    .max(TIME_LIMIT_MINUTES_MAX, { error: m('validation.number_max', { max: TIME_LIMIT_MINUTES_MAX }) })
    .nullable();
/** an instant of a test's window (issue 37 item 4): ISO 8601 with its offset; null = no bound */
export const windowInstant = () =>
  z.iso.datetime({ offset: true, error: m('validation.invalid') }).nullable();
export const reviewContent = () => z.enum(REVIEW_CONTENTS, { error: m('validation.invalid') }).nullable();
export const reviewWhen = () => z.enum(REVIEW_WHENS, { error: m('validation.invalid') }).nullable();

/** a stop that arrives this long after the deadline still scores the answers it carries */
export const RUN_GRACE_SECONDS = 30;

export const mcTestMode = () => z.enum(MC_TEST_MODES, { error: m('validation.invalid') });

// requests ---------------------------------------------------------------------------------------

export const newAnswerInputSchema = z
  .object({ label: answerLabel(), correct: z.boolean(), explanation: explanation().optional() })
  .strict();

export const createQuestionBodySchema = z
  .object({
    label: questionLabel(),
    points: points().optional(),
    explanation: explanation().optional(),
    /** a path of levels separated by "/" (issue 37); null or blank: none */
    category: questionCategory().optional(),
    answers: z
      .array(newAnswerInputSchema)
      .max(ANSWERS_PER_QUESTION_MAX, { error: m('validation.number_max', { max: ANSWERS_PER_QUESTION_MAX }) })
      .default([]),
    /** append the new question to this test at once */
    mcTestId: id().optional(),
  })
  .strict();
export type CreateQuestionBody = z.infer<typeof createQuestionBodySchema>;

export const updateQuestionBodySchema = z
  .object({
    id: id(),
    label: questionLabel(),
    points: points().optional(),
    explanation: explanation().optional(),
    category: questionCategory().optional(),
  })
  .strict();
export type UpdateQuestionBody = z.infer<typeof updateQuestionBodySchema>;

export const questionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  q: search(),
  exclude_mc_test_id: id().optional(),
  /** only this question (the editor link of the item analysis) */
  id: id().optional(),
  /** only questions of this category and the categories below it (issue 37) */
  category: questionCategory().optional(),
});

export const attachQuestionsBodySchema = z
  .object({
    mcTestId: id(),
    questions: z
      .array(id())
      .min(1, { error: m('validation.required') })
      .max(QUESTIONS_PER_TEST_MAX, { error: m('validation.number_max', { max: QUESTIONS_PER_TEST_MAX }) }),
  })
  .strict();
export type AttachQuestionsBody = z.infer<typeof attachQuestionsBodySchema>;
export const unattachQuestionBodySchema = z.object({ mcTestId: id(), questionId: id() }).strict();
export type UnattachQuestionBody = z.infer<typeof unattachQuestionBodySchema>;

export const createAnswerBodySchema = z
  .object({
    question_id: id(),
    label: answerLabel(),
    correct: z.boolean(),
    explanation: explanation().optional(),
  })
  .strict();
export type CreateAnswerBody = z.infer<typeof createAnswerBodySchema>;
export const updateAnswerBodySchema = z
  .object({
    id: id(),
    label: answerLabel().optional(),
    correct: z.boolean().optional(),
    position: z.number().int().min(0).max(1000).optional(),
    explanation: explanation().optional(),
  })
  .strict();
export type UpdateAnswerBody = z.infer<typeof updateAnswerBodySchema>;

export const createMcTestBodySchema = z
  .object({
    label: mcTestLabel(),
    percent_to_accomplish: percentToAccomplish(),
    mode: mcTestMode(),
    enabled: flagIn.optional(),
    chapter_id: id().nullable().optional(),
    time_limit_minutes: timeLimitMinutes().optional(),
    /** fixed or drawn questions (issue 37 item 3) */
    ...drawSettingsIn,
    /** the availability window and the review policy (issue 37 items 4, 5); absent: unchanged, null: none / the mode's default */
    opens_at: windowInstant().optional(),
    closes_at: windowInstant().optional(),
    review_content: reviewContent().optional(),
    review_when: reviewWhen().optional(),
  })
  .strict();
export type CreateMcTestBody = z.infer<typeof createMcTestBodySchema>;

export const updateMcTestBodySchema = z
  .object({
    id: id(),
    label: mcTestLabel(),
    percent_to_accomplish: percentToAccomplish(),
    mode: mcTestMode(),
    /** absent: unchanged; null: no limit */
    time_limit_minutes: timeLimitMinutes().optional(),
    /** fixed or drawn questions (issue 37 item 3); absent: unchanged */
    ...drawSettingsIn,
    /** the availability window and the review policy (issue 37 items 4, 5); absent: unchanged, null: none / the mode's default */
    opens_at: windowInstant().optional(),
    closes_at: windowInstant().optional(),
    review_content: reviewContent().optional(),
    review_when: reviewWhen().optional(),
  })
  .strict();
export type UpdateMcTestBody = z.infer<typeof updateMcTestBodySchema>;

export const mcTestListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  q: search(),
});

export const toggleEnabledBodySchema = z.object({ mcTestId: id() }).strict();
export const assignChapterBodySchema = z
  .object({ chapterTest: z.object({ mcTestId: id(), chapterId: id() }).strict() })
  .strict();
export type AssignChapterBody = z.infer<typeof assignChapterBodySchema>;
export const unassignChapterBodySchema = z
  .object({ chapterTest: z.object({ mcTestId: id(), chapterId: id().optional() }).strict() })
  .strict();
export type UnassignChapterBody = z.infer<typeof unassignChapterBodySchema>;
export const addTestToChapterBodySchema = z
  .object({ mcTestChapter: z.object({ mcTestId: id(), chapterId: id() }).strict() })
  .strict();
export type AddTestToChapterBody = z.infer<typeof addTestToChapterBodySchema>;
export const removeTestFromChapterBodySchema = z.object({ mcTestId: id() }).strict();
export const grantRunBodySchema = z.object({ userId: id() }).strict();

/** extra minutes on a test's time limit for one learner (issue 37); adds to earlier grants */
export const grantTimeBodySchema = z
  .object({
    userId: id(),
    minutes: z
      .number({ error: m('validation.integer') })
      .int({ error: m('validation.integer') })
      .min(1, { error: m('validation.number_min', { min: 1 }) })
      .max(TIME_LIMIT_MINUTES_MAX, { error: m('validation.number_max', { max: TIME_LIMIT_MINUTES_MAX }) }),
  })
  .strict();
export type GrantTimeBody = z.infer<typeof grantTimeBodySchema>;
/** the answers chosen for one question of an open run (PUT, issue 37 item 2) */
export const saveAnswerBodySchema = z
  .object({
    answerIds: z.array(id()).max(ANSWERS_PER_QUESTION_MAX, {
      error: m('validation.number_max', { max: ANSWERS_PER_QUESTION_MAX }),
    }),
  })
  .strict();
export type SaveAnswerBody = z.infer<typeof saveAnswerBodySchema>;
export const runAnswerParamsSchema = z.object({ id: id(), questionId: id() });

export const startTestBodySchema = z.object({ id: id() }).strict();
export const stopTestBodySchema = z
  .object({
    resultSet: z
      .object({
        userGraduateId: id(),
        questions: z
          .array(
            z
              .object({
                questionId: id(),
                answerIds: z.array(id()).max(ANSWERS_PER_QUESTION_MAX, {
                  error: m('validation.number_max', { max: ANSWERS_PER_QUESTION_MAX }),
                }),
              })
              .strict(),
          )
          .max(QUESTIONS_PER_TEST_MAX, {
            error: m('validation.number_max', { max: QUESTIONS_PER_TEST_MAX }),
          }),
      })
      .strict(),
  })
  .strict();
export type StopTestBody = z.infer<typeof stopTestBodySchema>;

export const confirmGraduationBodySchema = z
  .object({ userGraduateId: id(), passed: flagIn.optional() })
  .strict();
export type ConfirmGraduationBody = z.infer<typeof confirmGraduationBodySchema>;

export const historyQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
});
export const ownerHistoryQuerySchema = historyQuerySchema.extend({
  mc_test_id: id().optional(),
  q: search(),
});

// responses --------------------------------------------------------------------------------------

const int = () => z.number().int();

export const answerDtoSchema = z.object({
  id: int(),
  question_id: int(),
  label: z.string(),
  correct: z.boolean(),
  position: int(),
  /** sanitized HTML or null */
  explanation: z.string().nullable(),
});
export type AnswerDto = z.infer<typeof answerDtoSchema>;

export const questionDtoSchema = z.object({
  id: int(),
  label: z.string(),
  points: int().nullable(),
  /** sanitized HTML or null */
  explanation: z.string().nullable(),
  /** a path of levels separated by "/", or null */
  category: z.string().nullable(),
  owner_id: int(),
  answers: z.array(answerDtoSchema),
  mc_tests: z.array(z.object({ id: int(), label: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type QuestionDto = z.infer<typeof questionDtoSchema>;

export const chapterRefSchema = z.object({
  id: int(),
  label: z.string(),
  chapter_id: int().nullable(),
  unlocked: flag01,
  seminar: z.object({ id: int(), title: z.string(), slug: z.string() }),
});
export type ChapterRef = z.infer<typeof chapterRefSchema>;

export const mcTestListItemSchema = z.object({
  id: int(),
  label: z.string(),
  percent_to_accomplish: int(),
  mode: z.enum(MC_TEST_MODES),
  enabled: flag01,
  chapter_id: int().nullable(),
  chapter: chapterRefSchema.nullable(),
  /** minutes a run may take; null = no limit */
  time_limit_minutes: int().nullable(),
  /** fixed or drawn questions (issue 37 item 3); questions_count of a drawn test: what a run draws */
  ...drawSettingsOut,
  /** the availability window (ISO instants; null = no bound) and the review policy as set (null = the mode's default) */
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  review_content: z.enum(REVIEW_CONTENTS).nullable(),
  review_when: z.enum(REVIEW_WHENS).nullable(),
  owner: z.object({ id: int(), username: z.string(), first_name: z.string(), last_name: z.string() }),
  questions_count: int(),
  runs_count: int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type McTestListItem = z.infer<typeof mcTestListItemSchema>;

export const mcTestDtoSchema = mcTestListItemSchema.extend({ questions: z.array(questionDtoSchema) });
export type McTestDto = z.infer<typeof mcTestDtoSchema>;

export const ownerChapterSchema = z.object({
  id: int(),
  label: z.string(),
  chapter_id: int().nullable(),
  unlocked: flag01,
  position: int(),
  seminar: z.object({ id: int(), title: z.string(), slug: z.string() }),
  mc_tests: z.array(z.object({ id: int(), label: z.string(), enabled: flag01, mode: z.enum(MC_TEST_MODES) })),
});
export type OwnerChapter = z.infer<typeof ownerChapterSchema>;
export const ownerChaptersQuerySchema = z.object({ seminar_id: id().optional() });

export const assignedTestDtoSchema = z.object({
  id: int(),
  label: z.string(),
  percent_to_accomplish: int(),
  mode: z.enum(MC_TEST_MODES),
  enabled: flag01,
  chapter_id: int().nullable(),
  chapter: chapterRefSchema.nullable(),
  /** minutes a run may take (issue 37); null = no limit */
  time_limit_minutes: int().nullable(),
  /** the availability window (ISO instants; null = no bound) and where the server's now is in it */
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  window: z.enum(['not_yet_open', 'open', 'closed']),
  /** the review policy in force (the mode's default when the test sets none) */
  review: z.object({ content: z.enum(REVIEW_CONTENTS), when: z.enum(REVIEW_WHENS) }),
  questions_count: int(),
  /** started runs of the caller in the test's current mode */
  runs_used: int(),
  /** null = unlimited (practice, or a manager's preview) */
  runs_allowed: int().nullable(),
  open_run_id: int().nullable(),
  can_start: z.boolean(),
  accomp: z.boolean(),
  best_percent: z.number().nullable(),
  passed: flag01,
});
export type AssignedTestDto = z.infer<typeof assignedTestDtoSchema>;

export const runUserSchema = z.object({
  id: int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export const runDtoSchema = z.object({
  id: int(),
  mc_test_id: int(),
  passed: flag01,
  user: runUserSchema,
  mode: z.enum(MC_TEST_MODES),
  started_at: z.string(),
  stopped_at: z.string().nullable(),
  achieved_percent: z.number().nullable(),
  accomp: z.boolean().nullable(),
  visible: flag01,
  confirmed_at: z.string().nullable(),
  confirmed_by: z.object({ id: int(), first_name: z.string(), last_name: z.string() }).nullable(),
});
export type RunDto = z.infer<typeof runDtoSchema>;

/** one question of a stored result: what the student saw, chose, and what was correct */
export const codedQuestionSchema = z.object({
  id: int(),
  label: z.string(),
  points: int().nullable(),
  right: z.boolean(),
  answers: z.array(
    z.object({
      id: int(),
      question_id: int(),
      label: z.string(),
      correct: z.boolean(),
      choosen: z.boolean(),
    }),
  ),
});
export type CodedQuestion = z.infer<typeof codedQuestionSchema>;
export const answerCodingSchema = z.object({ questions: z.array(codedQuestionSchema) });
export type AnswerCoding = z.infer<typeof answerCodingSchema>;

export const resultDtoSchema = z.object({
  id: int(),
  user_graduate_mctest_id: int(),
  answer_coding: answerCodingSchema,
  created_at: z.string(),
});
export type ResultDto = z.infer<typeof resultDtoSchema>;

/**
 * `GET /api/mc_tests/{id}/usergraduate?page=&per_page=&results=`: the test with a page of its runs,
 * newest first, and the results of those runs (`results=1`); since issue 39 a page (default 20,
 * at most 100) with the paginator's numbers beside the spec's keys, no longer every run at once
 */
export const userGraduateListSchema = mcTestListItemSchema.extend({
  user_graduate_mctests: z.array(runDtoSchema),
  user_graduate_results: z.array(resultDtoSchema),
  current_page: int(),
  last_page: int(),
  per_page: int(),
  total: int(),
});
export type UserGraduateList = z.infer<typeof userGraduateListSchema>;
export const userGraduateQuerySchema = pageQuery.extend({
  results: z.enum(['0', '1']).optional(),
});

export const questionStatSchema = z.object({
  question_id: int(),
  label: z.string(),
  answered: int(),
  right: int(),
  rate: z.number(),
});
export type QuestionStat = z.infer<typeof questionStatSchema>;

export const mcTestReportSchema = z.object({
  mc_test: mcTestListItemSchema,
  runs: int(),
  finished: int(),
  accomplished: int(),
  pass_rate: z.number(),
  average_percent: z.number().nullable(),
  /** 11 buckets: 0–9 %, 10–19 %, …, 90–99 %, 100 % */
  distribution: z.array(int()),
  questions: z.array(questionStatSchema),
});
export type McTestReport = z.infer<typeof mcTestReportSchema>;

export const grantRunResultSchema = z.object({
  mc_test_id: int(),
  user_id: int(),
  runs_used: int(),
  runs_allowed: int(),
});
export type GrantRunResult = z.infer<typeof grantRunResultSchema>;

export const grantTimeResultSchema = z.object({
  mc_test_id: int(),
  user_id: int(),
  /** all minutes granted to the user on this test */
  extra_minutes: int(),
  /** the user's open run's deadline, moved by the grant; null without an open timed run */
  open_run_deadline: z.string().nullable(),
});
export type GrantTimeResult = z.infer<typeof grantTimeResultSchema>;
/** the server's answer to a saved answer: its clock too, for the player's countdown */
export const savedAnswerSchema = z.object({
  question_id: int(),
  answer_ids: z.array(int()),
  deadline: z.string().nullable(),
  now: z.string(),
});
export type SavedAnswer = z.infer<typeof savedAnswerSchema>;

/** a question as the student sees it in a running test: no correct flag */
export const runQuestionSchema = z.object({
  id: int(),
  label: z.string(),
  points: int().nullable(),
  answers: z.array(z.object({ id: int(), question_id: int(), label: z.string() })),
});
export type RunQuestion = z.infer<typeof runQuestionSchema>;

export const startedRunSchema = z.object({
  user_graduate_id: int(),
  resumed: z.boolean(),
  started_at: z.string(),
  mc_test: z.object({
    id: int(),
    label: z.string(),
    mode: z.enum(MC_TEST_MODES),
    percent_to_accomplish: int(),
  }),
  questions: z.array(runQuestionSchema),
  /** when the run ends (issue 37); null = no time limit */
  deadline: z.string().nullable(),
  /** the server's clock when it answered: the player counts down on it, not the browser's */
  now: z.string(),
  /** the answers saved so far (a resumed run continues with them) */
  answers: z.array(z.object({ question_id: int(), answer_ids: z.array(int()) })),
});
export type StartedRun = z.infer<typeof startedRunSchema>;

/**
 * What the student sees after a run as the test's review policy allows it (never during a run; by
 * default after a practice run, never for an exam; issue 37 item 5): per question whether it was
 * right, its points, each answer with the student's choice, and with the policy's full review
 * whether it is correct and the explanations as the run's snapshot holds them (else null).
 */
export const runReviewSchema = z.object({
  questions: z.array(
    z.object({
      id: int(),
      label: z.string(),
      right: z.boolean(),
      points: int().nullable(),
      explanation: z.string().nullable(),
      answers: z.array(
        z.object({
          id: int(),
          label: z.string(),
          chosen: z.boolean(),
          /** null when the review policy shows only whether each question was right */
          correct: z.boolean().nullable(),
          explanation: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type RunReview = z.infer<typeof runReviewSchema>;

export const stopResultSchema = z.object({
  user_graduate_id: int(),
  mc_test_id: int(),
  mode: z.enum(MC_TEST_MODES),
  percent_to_accomplish: int(),
  achievedPercent: z.number(),
  accomp: z.boolean(),
  startDateTime: z.string(),
  stopDateTime: z.string(),
  result: runReviewSchema.nullable(),
});
export type StopResult = z.infer<typeof stopResultSchema>;

/** Student evaluation row (spec section 3) */
export const studentRowSchema = z.object({
  id: int(),
  mc_test_id: int(),
  label: z.string(),
  percent: int(),
  mode: z.enum(MC_TEST_MODES),
  accomp: z.boolean().nullable(),
  startDateTime: z.string(),
  stopDateTime: z.string().nullable(),
  achievedPercent: z.number().nullable(),
  result: runReviewSchema.nullable(),
  passed: flag01,
});
export type StudentRow = z.infer<typeof studentRowSchema>;

/** Owner evaluation row per test with users (spec section 3) */
export const ownerRowSchema = z.object({
  id: int(),
  label: z.string(),
  mode: z.enum(MC_TEST_MODES),
  user_id: int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  accomp: z.boolean().nullable(),
  visible: flag01,
  achievedPercent: z.number().nullable(),
  result: z.object({ right: int(), total: int() }).nullable(),
  user_graduate_id: int(),
  passed: flag01,
  startDateTime: z.string(),
  stopDateTime: z.string().nullable(),
});
export type OwnerRow = z.infer<typeof ownerRowSchema>;
