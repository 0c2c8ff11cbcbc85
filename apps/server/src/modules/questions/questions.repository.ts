import {
  and,
  asc,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNotNull,
  like,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/query-helpers.ts';
import { answers, mcTestQuestions, questions } from '../../db/schema/index.ts';
import {
  type AnswerRow,
  type QuestionRow,
  type QuestionWithAnswers,
  questionIdCol,
  questionWithAnswers,
} from './questions.read-model.ts';

export {
  type AnswerJson,
  type AnswerRow,
  type QuestionRow,
  type QuestionWithAnswers,
  questionWithAnswers,
} from './questions.read-model.ts';

/** a category and every category below it (`A` finds `A` and `A/B`, never `AB`) */
const inCategory = (path: string): SQL =>
  or(
    eq(questions.category, path),
    like(questions.category, `${path.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`),
  )!;

/** rows per insert statement of an import (PostgreSQL takes at most 65,535 parameters) */
const IMPORT_CHUNK = 500;

/** The only place that builds queries on questions and answers. */
export const questionsRepository = {
  async page(
    db: DbOrTx,
    opts: {
      ownerId: number | null;
      q?: string;
      excludeTestId?: number;
      id?: number;
      category?: string;
      limit: number;
      offset: number;
    },
  ): Promise<{ rows: QuestionWithAnswers[]; total: number }> {
    const conditions: (SQL | undefined)[] = [];
    if (opts.ownerId !== null) conditions.push(eq(questions.ownerId, opts.ownerId));
    if (opts.id !== undefined) conditions.push(eq(questions.id, opts.id));
    if (opts.category !== undefined) conditions.push(inCategory(opts.category));
    if (opts.q) {
      const like = containsPattern(opts.q);
      conditions.push(
        or(
          ilike(questions.label, like),
          exists(
            db
              .select({ one: sql`1` })
              .from(answers)
              .where(and(eq(answers.questionId, questionIdCol), ilike(answers.label, like))),
          ),
        ),
      );
    }
    if (opts.excludeTestId !== undefined) {
      conditions.push(
        not(
          exists(
            db
              .select({ one: sql`1` })
              .from(mcTestQuestions)
              .where(
                and(
                  eq(mcTestQuestions.questionId, questionIdCol),
                  eq(mcTestQuestions.mcTestId, opts.excludeTestId),
                ),
              ),
          ),
        ),
      );
    }
    const where = and(...conditions);
    const [rows, [count]] = await Promise.all([
      db
        .select(questionWithAnswers)
        .from(questions)
        .where(where)
        .orderBy(desc(questions.createdAt), desc(questions.id))
        .limit(opts.limit)
        .offset(opts.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(questions).where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  },
  async findById(db: DbOrTx, id: number): Promise<QuestionRow | undefined> {
    const [row] = await db.select().from(questions).where(eq(questions.id, id)).limit(1);
    return row;
  },
  async findWithAnswers(db: DbOrTx, id: number): Promise<QuestionWithAnswers | undefined> {
    const [row] = await db.select(questionWithAnswers).from(questions).where(eq(questions.id, id)).limit(1);
    return row;
  },
  async findManyByIds(db: DbOrTx, ids: number[]): Promise<QuestionRow[]> {
    if (ids.length === 0) return [];
    return db.select().from(questions).where(inArray(questions.id, ids));
  },
  async insert(db: DbOrTx, values: typeof questions.$inferInsert): Promise<QuestionRow> {
    const [row] = await db.insert(questions).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },
  async update(db: DbOrTx, id: number, values: Partial<typeof questions.$inferInsert>): Promise<void> {
    await db
      .update(questions)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(questions.id, id));
  },
  async delete(db: DbOrTx, id: number): Promise<void> {
    await db.delete(questions).where(eq(questions.id, id));
  },
  async touch(db: DbOrTx, id: number): Promise<void> {
    await db.update(questions).set({ updatedAt: new Date() }).where(eq(questions.id, id));
  },

  async insertAnswers(
    db: DbOrTx,
    questionId: number,
    list: { label: string; correct: boolean; explanation?: string | null }[],
    firstPosition = 0,
  ): Promise<AnswerRow[]> {
    if (list.length === 0) return [];
    return db
      .insert(answers)
      .values(
        list.map((a, i) => ({
          questionId,
          label: a.label,
          correct: a.correct,
          explanation: a.explanation ?? null,
          position: firstPosition + i,
        })),
      )
      .returning();
  },
  /** an answer with the owner of its question */
  async findAnswer(db: DbOrTx, id: number): Promise<{ answer: AnswerRow; ownerId: number } | undefined> {
    const [row] = await db
      .select({ answer: answers, ownerId: questions.ownerId })
      .from(answers)
      .innerJoin(questions, eq(questions.id, answers.questionId))
      .where(eq(answers.id, id))
      .limit(1);
    return row;
  },
  async answerStats(db: DbOrTx, questionId: number): Promise<{ count: number; maxPosition: number }> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int`, max: sql<number | null>`max(${answers.position})` })
      .from(answers)
      .where(eq(answers.questionId, questionId));
    return { count: row?.count ?? 0, maxPosition: row?.max ?? -1 };
  },
  async updateAnswer(
    db: DbOrTx,
    id: number,
    values: Partial<Pick<AnswerRow, 'label' | 'correct' | 'position' | 'explanation'>>,
  ): Promise<AnswerRow | undefined> {
    if (Object.keys(values).length === 0) {
      const [row] = await db.select().from(answers).where(eq(answers.id, id));
      return row;
    }
    const [row] = await db.update(answers).set(values).where(eq(answers.id, id)).returning();
    return row;
  },
  async deleteAnswer(db: DbOrTx, id: number): Promise<void> {
    await db.delete(answers).where(eq(answers.id, id));
  },
  /** the questions of an import with their answers, a chunk per statement; their ids in order */
  async insertImported(
    db: DbOrTx,
    ownerId: number,
    list: {
      label: string;
      points: number | null;
      explanation: string | null;
      category: string | null;
      answers: { label: string; correct: boolean; explanation: string | null }[];
    }[],
  ): Promise<number[]> {
    const ids: number[] = [];
    for (let start = 0; start < list.length; start += IMPORT_CHUNK) {
      const chunk = list.slice(start, start + IMPORT_CHUNK);
      const rows = await db
        .insert(questions)
        .values(
          chunk.map((q) => ({
            ownerId,
            label: q.label,
            points: q.points,
            explanation: q.explanation,
            category: q.category,
          })),
        )
        .returning({ id: questions.id });
      const answerRows = chunk.flatMap((q, i) =>
        q.answers.map((a, position) => ({ questionId: rows[i]!.id, ...a, position })),
      );
      for (let a = 0; a < answerRows.length; a += IMPORT_CHUNK * 4) {
        await db.insert(answers).values(answerRows.slice(a, a + IMPORT_CHUNK * 4));
      }
      ids.push(...rows.map((r) => r.id));
    }
    return ids;
  },
  /** the categories in use (all owners' for null) with their number of questions */
  async categoryCounts(db: DbOrTx, ownerId: number | null): Promise<{ category: string; n: number }[]> {
    const rows = await db
      .select({ category: questions.category, n: sql<number>`count(*)::int` })
      .from(questions)
      .where(
        and(isNotNull(questions.category), ownerId === null ? undefined : eq(questions.ownerId, ownerId)),
      )
      .groupBy(questions.category);
    return rows.map((r) => ({ category: r.category ?? '', n: r.n }));
  },
  /** every question of an owner (all for null), optionally of a category and below, in id order */
  async forExport(db: DbOrTx, ownerId: number | null, category?: string): Promise<QuestionWithAnswers[]> {
    const conditions: (SQL | undefined)[] = [];
    if (ownerId !== null) conditions.push(eq(questions.ownerId, ownerId));
    if (category !== undefined) conditions.push(inCategory(category));
    return db
      .select(questionWithAnswers)
      .from(questions)
      .where(and(...conditions))
      .orderBy(asc(questions.id));
  },
  async answersOf(db: DbOrTx, questionId: number): Promise<AnswerRow[]> {
    return db
      .select()
      .from(answers)
      .where(eq(answers.questionId, questionId))
      .orderBy(asc(answers.position), asc(answers.id));
  },
};
