import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { userGraduateMctests } from './tests.ts';

/**
 * One row per question of a scored run, derived from the run's snapshot and stored choices after
 * the stop (modules/item-analysis/item-rows.ts: in the background, and before every analysis;
 * until migration 0020 by a trigger with the result). Written once per run; the item analysis
 * reads it instead of unpacking every run's JSON (docs/decisions.md, "Item analysis").
 */
export const mcItemResponses = pgTable(
  'mc_item_responses',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => userGraduateMctests.id, { onDelete: 'cascade' }),
    /** position of the question in the run (1-based) */
    n: smallint('n').notNull(),
    /** the run's test, mode and start (copied, so the analysis filters without a join) */
    mcTestId: integer('mc_test_id').notNull(),
    mode: text('mode').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    questionId: integer('question_id').notNull(),
    /** md5 of the question as asked: its text and its answers (id, correct, text) */
    itemKey: uuid('item_key').notNull(),
    weight: integer('weight').notNull(),
    right: boolean('right').notNull(),
    /** bit k set: the k-th answer of the question, ordered by answer id, was chosen */
    chosen: integer('chosen').notNull(),
    /** the run's score (weighted share right, 0..1) */
    score: doublePrecision('score').notNull(),
    /** the run's score without this question (null when it was the only question) */
    rest: doublePrecision('rest'),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.n] }),
    index('mc_item_responses_test_idx').on(t.mcTestId, t.startedAt),
    // one row per run (its first question): the runs' scores for the upper and lower groups
    index('mc_item_responses_runs_idx').on(t.mcTestId, t.startedAt, t.score).where(sql`${t.n} = 1`),
  ],
);
