import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { questions } from '../../db/schema/index.ts';
import { type QuestionWithAnswers, questionWithAnswers } from '../questions/questions.read-model.ts';

/**
 * What drawn tests (issue 37 item 3) read of the owner's pool: the questions with a category to
 * draw from, the questions per category, and the drawn questions with their answers.
 */
export const mcTestsDrawRepository = {
  /** the owner's questions that have a category, in pool order (by id) */
  async candidates(db: DbOrTx, ownerId: number): Promise<{ id: number; category: string | null }[]> {
    return db
      .select({ id: questions.id, category: questions.category })
      .from(questions)
      .where(and(eq(questions.ownerId, ownerId), isNotNull(questions.category)))
      .orderBy(asc(questions.id));
  },
  /** the owner's questions per category (each question counted in its own category only) */
  async categoryCounts(db: DbOrTx, ownerId: number): Promise<{ category: string; n: number }[]> {
    const rows = await db
      .select({ category: questions.category, n: sql<number>`count(*)::int` })
      .from(questions)
      .where(and(eq(questions.ownerId, ownerId), isNotNull(questions.category)))
      .groupBy(questions.category);
    return rows.map((r) => ({ category: r.category as string, n: Number(r.n) }));
  },
  /** these questions with their answers in order (any order of the questions) */
  async withAnswers(db: DbOrTx, ids: number[]): Promise<QuestionWithAnswers[]> {
    if (ids.length === 0) return [];
    return db.select(questionWithAnswers).from(questions).where(inArray(questions.id, ids));
  },
};
