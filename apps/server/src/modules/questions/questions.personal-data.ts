import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { questions } from '../../db/schema/index.ts';

/** Issue 19: the questions a trainer wrote (exported; they stay with the anonymised account). */
export function questionsPersonalData(db: Db) {
  return {
    async collectOwned(ownerId: number) {
      return db
        .select({
          id: questions.id,
          label: questions.label,
          points: questions.points,
          explanation: questions.explanation,
          category: questions.category,
          created_at: questions.createdAt,
          updated_at: questions.updatedAt,
        })
        .from(questions)
        .where(eq(questions.ownerId, ownerId))
        .orderBy(asc(questions.id));
    },
  };
}
