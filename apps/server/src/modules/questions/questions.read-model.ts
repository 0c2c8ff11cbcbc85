import { sql } from 'drizzle-orm';
import { answers, mcTestQuestions, mcTests, questions } from '../../db/schema/index.ts';

/**
 * A question with its answers, as the question pool and the tests that draw from it read it (a
 * read-only select shape: the tests module embeds it in its own queries; writes stay with the
 * questions repository).
 */
export type QuestionRow = typeof questions.$inferSelect;
export type AnswerRow = typeof answers.$inferSelect;
export interface AnswerJson {
  id: number;
  questionId: number;
  label: string;
  correct: boolean;
  position: number;
  explanation: string | null;
}
export interface QuestionWithAnswers {
  question: QuestionRow;
  answers: AnswerJson[];
  tests: { id: number; label: string }[];
}

// qualified explicitly: in a one-table select Drizzle renders columns without their table name
export const questionIdCol = sql.raw('"questions"."id"');

/** a question with its answers (in order) and the tests it is in, built by the database */
export const questionWithAnswers = {
  question: questions,
  answers: sql<
    AnswerJson[]
  >`coalesce((select json_agg(json_build_object('id', a.id, 'questionId', a.question_id,
    'label', a.label, 'correct', a.correct, 'position', a.position, 'explanation', a.explanation) order by a.position, a.id)
    from ${answers} a where a.question_id = ${questionIdCol}), '[]'::json)`,
  tests: sql<{ id: number; label: string }[]>`coalesce((select json_agg(json_build_object('id', t.id,
    'label', t.label) order by t.id) from ${mcTestQuestions} tq join ${mcTests} t on t.id = tq.mc_test_id
    where tq.question_id = ${questionIdCol}), '[]'::json)`,
};
