import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { chapters } from './seminars.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The question pool: every question belongs to the trainer or admin who wrote it. */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** rich text, sanitized on write */
    label: text('label').notNull(),
    /** weight when above 0; null = weight 1 */
    points: integer('points'),
    /** rich text, sanitized on write, shown after a practice run; null = none */
    explanation: text('explanation'),
    /** a path of levels separated by "/" (issue 37 item 3); null = none */
    category: text('category'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('questions_owner_idx').on(t.ownerId, t.createdAt),
    index('questions_owner_category_idx').on(t.ownerId, t.category),
    check('questions_points_positive', sql`${t.points} is null or ${t.points} > 0`),
  ],
);

export const answers = pgTable(
  'answers',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** plain text, returned literally */
    label: text('label').notNull(),
    correct: boolean('correct').notNull().default(false),
    position: integer('position').notNull().default(0),
    /** rich text, sanitized on write, shown after a practice run; null = none */
    explanation: text('explanation'),
  },
  (t) => [index('answers_question_idx').on(t.questionId, t.position)],
);

export const mcTests = pgTable(
  'mc_tests',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    percentToAccomplish: smallint('percent_to_accomplish').notNull(),
    /** `exam` or `practice` */
    mode: text('mode').notNull().default('exam'),
    enabled: smallint('enabled').notNull().default(0),
    chapterId: integer('chapter_id').references(() => chapters.id, { onDelete: 'set null' }),
    /** minutes a run may take (issue 37 item 1); null = no limit */
    timeLimitMinutes: integer('time_limit_minutes'),
    /** the availability window (issue 37 item 4): runs start only from opensAt until closesAt; null = open */
    opensAt: ts('opens_at'),
    closesAt: ts('closes_at'),
    /**
     * the review policy (issue 37 item 5): what a learner sees after a run (`score`, `rightness`,
     * `full`) and when (`immediately`, `after_passing`, `after_close`); null = the mode's default
     */
    reviewContent: text('review_content'),
    reviewWhen: text('review_when'),
    /**
     * how a run gets its questions (issue 37 item 3): `fixed`, the linked questions; `drawn`, drawn
     * afresh for each run by `drawRules` ({category, count}: a category with those below it) from
     * the owner's pool. `shuffleQuestions`: each run asks its questions in an order of its own.
     */
    questionSelection: text('question_selection').notNull().default('fixed'),
    drawRules: jsonb('draw_rules').$type<{ category: string; count: number }[]>().notNull().default([]),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('mc_tests_owner_idx').on(t.ownerId, t.createdAt),
    index('mc_tests_chapter_idx').on(t.chapterId),
    check('mc_tests_percent_range', sql`${t.percentToAccomplish} between 0 and 100`),
    check('mc_tests_mode', sql`${t.mode} in ('exam', 'practice')`),
    check('mc_tests_enabled_01', sql`${t.enabled} in (0, 1)`),
    check('mc_tests_question_selection', sql`${t.questionSelection} in ('fixed', 'drawn')`),
    check(
      'mc_tests_time_limit_range',
      sql`${t.timeLimitMinutes} is null or ${t.timeLimitMinutes} between 1 and 600`,
    ),
    check(
      'mc_tests_window_order',
      sql`${t.opensAt} is null or ${t.closesAt} is null or ${t.opensAt} < ${t.closesAt}`,
    ),
    check(
      'mc_tests_review_content',
      sql`${t.reviewContent} is null or ${t.reviewContent} in ('score', 'rightness', 'full')`,
    ),
    check(
      'mc_tests_review_when',
      sql`${t.reviewWhen} is null or ${t.reviewWhen} in ('immediately', 'after_passing', 'after_close')`,
    ),
    // a review after the close needs a close
    check(
      'mc_tests_review_after_close',
      sql`${t.reviewWhen} is distinct from 'after_close' or ${t.closesAt} is not null`,
    ),
  ],
);

/** The questions of a test, in order. */
export const mcTestQuestions = pgTable(
  'mc_test_questions',
  {
    mcTestId: integer('mc_test_id')
      .notNull()
      .references(() => mcTests.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.mcTestId, t.questionId] }),
    index('mc_test_questions_question_idx').on(t.questionId),
  ],
);

/**
 * What a student saw in a run, fixed at its start: the test's mode and threshold, and its
 * questions with their answers in the shuffled order shown (with the correct flags, for scoring,
 * and the explanations shown after a practice run; absent in runs started before migration 0028).
 */
export interface RunSnapshot {
  mode: 'exam' | 'practice';
  percentToAccomplish: number;
  label: string;
  questions: {
    id: number;
    label: string;
    points: number | null;
    explanation?: string | null;
    answers: { id: number; label: string; correct: boolean; explanation?: string | null }[];
  }[];
}

/** the answers saved during a run: answer ids by question id (as a string: a JSON object key) */
export type SavedAnswers = Record<string, number[]>;

/** A test run (spec: user graduate record). */
export const userGraduateMctests = pgTable(
  'user_graduate_mctests',
  {
    id: serial('id').primaryKey(),
    mcTestId: integer('mc_test_id')
      .notNull()
      .references(() => mcTests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** mode at the start (exam runs count against the allowed number) */
    mode: text('mode').notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
    stoppedAt: ts('stopped_at'),
    achievedPercent: doublePrecision('achieved_percent'),
    accomp: boolean('accomp'),
    /** questions right / in the run, set at the stop */
    rightCount: integer('right_count'),
    totalCount: integer('total_count'),
    /** graduation confirmed by the owner (0/1) */
    passed: smallint('passed').notNull().default(0),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: ts('confirmed_at'),
    snapshot: jsonb('snapshot').$type<RunSnapshot>().notNull(),
    /** fixed at the start from the test's time limit, moved by a time grant (issue 37); null = none */
    deadline: ts('deadline'),
    /** the answers saved while the run is open, by question id (issue 37 item 2) */
    savedAnswers: jsonb('saved_answers').$type<SavedAnswers>(),
  },
  (t) => [
    index('ugm_test_started_idx').on(t.mcTestId, t.startedAt),
    index('ugm_user_test_idx').on(t.userId, t.mcTestId),
    index('ugm_started_idx').on(t.startedAt),
    // a deleted user's confirmations are found without scanning every run
    index('ugm_confirmed_by_idx').on(t.confirmedBy).where(sql`${t.confirmedBy} is not null`),
    // at most one open run per user and test (two concurrent starts cannot open two)
    uniqueIndex('ugm_open_run_unique').on(t.mcTestId, t.userId).where(sql`${t.stoppedAt} is null`),
    // the open runs past their deadline, for the job that scores them (issue 37 item 4)
    index('ugm_open_deadline_idx')
      .on(t.deadline)
      .where(sql`${t.stoppedAt} is null and ${t.deadline} is not null`),
    check('ugm_passed_01', sql`${t.passed} in (0, 1)`),
  ],
);

/**
 * The choices of a question of a scored run as stored: the question's id, whether it was answered
 * right, and the ids of the answers chosen (in the order of the snapshot's answers).
 */
export interface StoredChoice {
  q: number;
  r: boolean;
  a: number[];
}

/**
 * The scored answers of a run: exactly one per run (UNIQUE). Only the choices are stored, one per
 * question of the run's snapshot and in its order; the full answer coding (every question and
 * answer as asked, with correct and chosen) is the snapshot and the choices together
 * (graduate/answer-coding.ts, migration 0020).
 */
export const userGraduateResults = pgTable(
  'user_graduate_results',
  {
    id: serial('id').primaryKey(),
    userGraduateMctestId: integer('user_graduate_mctest_id')
      .notNull()
      .references(() => userGraduateMctests.id, { onDelete: 'cascade' }),
    choices: jsonb('choices').$type<StoredChoice[]>().notNull(),
    /** the item rows (`mc_item_responses`) are not derived yet (item-analysis/item-rows.ts) */
    itemsPending: boolean('items_pending').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_graduate_results_run_unique').on(t.userGraduateMctestId),
    index('user_graduate_results_items_pending_idx').on(t.userGraduateMctestId).where(sql`${t.itemsPending}`),
  ],
);

/** Extra exam runs the owner granted a user beyond the first. */
export const mcTestGrants = pgTable(
  'mc_test_grants',
  {
    mcTestId: integer('mc_test_id')
      .notNull()
      .references(() => mcTests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    extraRuns: integer('extra_runs').notNull().default(0),
    /** extra minutes on the test's time limit for this user (accessibility, issue 37 item 1) */
    extraMinutes: integer('extra_minutes').notNull().default(0),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.mcTestId, t.userId] }),
    index('mc_test_grants_user_idx').on(t.userId),
    index('mc_test_grants_granted_by_idx').on(t.grantedBy).where(sql`${t.grantedBy} is not null`),
  ],
);
