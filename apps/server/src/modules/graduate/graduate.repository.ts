import { and, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  mcTests,
  type RunSnapshot,
  userGraduateMctests,
  userGraduateResults,
  users,
} from '../../db/schema/index.ts';

export type RunRow = typeof userGraduateMctests.$inferSelect;
export type ResultRow = typeof userGraduateResults.$inferSelect;
export type AnswerCodingJson = ResultRow['answerCoding'];

const confirmer = alias(users, 'confirmer');
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** a run as the owner's lists need it (no snapshot) */
const ownerRow = {
  id: userGraduateMctests.id,
  mcTestId: userGraduateMctests.mcTestId,
  mode: userGraduateMctests.mode,
  startedAt: userGraduateMctests.startedAt,
  stoppedAt: userGraduateMctests.stoppedAt,
  achievedPercent: userGraduateMctests.achievedPercent,
  accomp: userGraduateMctests.accomp,
  rightCount: userGraduateMctests.rightCount,
  totalCount: userGraduateMctests.totalCount,
  passed: userGraduateMctests.passed,
  confirmedAt: userGraduateMctests.confirmedAt,
  label: mcTests.label,
  user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
};
export type OwnerRunRow = {
  id: number;
  mcTestId: number;
  mode: string;
  startedAt: Date;
  stoppedAt: Date | null;
  achievedPercent: number | null;
  accomp: boolean | null;
  rightCount: number | null;
  totalCount: number | null;
  passed: number;
  confirmedAt: Date | null;
  label: string;
  user: { id: number; firstName: string; lastName: string; email: string };
};

/** The only place that builds queries on runs and results. */
export const graduateRepository = {
  async findRun(db: DbOrTx, id: number): Promise<RunRow | undefined> {
    const [row] = await db.select().from(userGraduateMctests).where(eq(userGraduateMctests.id, id)).limit(1);
    return row;
  },
  async openRun(db: DbOrTx, testId: number, userId: number): Promise<RunRow | undefined> {
    const [row] = await db
      .select()
      .from(userGraduateMctests)
      .where(
        and(
          eq(userGraduateMctests.mcTestId, testId),
          eq(userGraduateMctests.userId, userId),
          isNull(userGraduateMctests.stoppedAt),
        ),
      )
      .limit(1);
    return row;
  },
  /** a new open run; undefined when the user already has one (unique partial index) */
  async insertRun(
    db: DbOrTx,
    values: { mcTestId: number; userId: number; mode: string; snapshot: RunSnapshot; startedAt: Date },
  ): Promise<RunRow | undefined> {
    const [row] = await db.insert(userGraduateMctests).values(values).onConflictDoNothing().returning();
    return row;
  },
  /**
   * Scores a run exactly once: the UPDATE only matches while the run is open (a concurrent stop
   * waits for the row lock and then matches nothing) and the result's run id is UNIQUE. One
   * statement, so nothing is left half-written. Returns false when the run was already stopped.
   */
  async stop(
    db: DbOrTx,
    runId: number,
    values: { achievedPercent: number; accomp: boolean; rightCount: number; totalCount: number; at: Date },
    coding: AnswerCodingJson,
  ): Promise<boolean> {
    const result = await db.execute(sql`with upd as (
        update ${userGraduateMctests} set stopped_at = ${values.at.toISOString()}::timestamptz, achieved_percent = ${values.achievedPercent},
          accomp = ${values.accomp}, right_count = ${values.rightCount}, total_count = ${values.totalCount}
        where id = ${runId} and stopped_at is null
        returning id
      )
      insert into ${userGraduateResults} (user_graduate_mctest_id, answer_coding, created_at)
      select id, ${JSON.stringify(coding)}::jsonb, ${values.at.toISOString()}::timestamptz from upd
      on conflict (user_graduate_mctest_id) do nothing
      returning id`);
    return (result as unknown as { rows: unknown[] }).rows.length === 1;
  },

  /** the user's runs, newest first, with the result of practice runs */
  async studentPage(db: DbOrTx, userId: number, limit: number, offset: number) {
    const where = eq(userGraduateMctests.userId, userId);
    const [rows, [count]] = await Promise.all([
      db
        .select({
          id: userGraduateMctests.id,
          mcTestId: userGraduateMctests.mcTestId,
          mode: userGraduateMctests.mode,
          label: sql<string>`${userGraduateMctests.snapshot}->>'label'`,
          percent: sql<number>`(${userGraduateMctests.snapshot}->>'percentToAccomplish')::int`,
          startedAt: userGraduateMctests.startedAt,
          stoppedAt: userGraduateMctests.stoppedAt,
          achievedPercent: userGraduateMctests.achievedPercent,
          accomp: userGraduateMctests.accomp,
          passed: userGraduateMctests.passed,
          coding: sql<AnswerCodingJson | null>`case when ${userGraduateMctests.mode} = 'practice'
            then ${userGraduateResults.answerCoding} end`,
        })
        .from(userGraduateMctests)
        .leftJoin(userGraduateResults, eq(userGraduateResults.userGraduateMctestId, userGraduateMctests.id))
        .where(where)
        .orderBy(desc(userGraduateMctests.startedAt), desc(userGraduateMctests.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: sql<number>`count(*)::int` }).from(userGraduateMctests).where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  },

  /** runs of the owner's tests (every test when ownerId is null), newest first: two queries */
  async ownerPage(
    db: DbOrTx,
    opts: { ownerId: number | null; testId?: number; q?: string; limit: number; offset: number },
  ): Promise<{ rows: OwnerRunRow[]; total: number }> {
    const conditions: (SQL | undefined)[] = [
      opts.ownerId !== null ? eq(mcTests.ownerId, opts.ownerId) : undefined,
      opts.testId !== undefined ? eq(userGraduateMctests.mcTestId, opts.testId) : undefined,
    ];
    if (opts.q) {
      const like = likeOf(opts.q);
      conditions.push(
        or(ilike(users.firstName, like), ilike(users.lastName, like), ilike(users.email, like)),
      );
    }
    const where = and(...conditions);
    const [rows, [count]] = await Promise.all([
      db
        .select(ownerRow)
        .from(userGraduateMctests)
        .innerJoin(mcTests, eq(mcTests.id, userGraduateMctests.mcTestId))
        .innerJoin(users, eq(users.id, userGraduateMctests.userId))
        .where(where)
        .orderBy(desc(userGraduateMctests.startedAt), desc(userGraduateMctests.id))
        .limit(opts.limit)
        .offset(opts.offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(userGraduateMctests)
        .innerJoin(mcTests, eq(mcTests.id, userGraduateMctests.mcTestId))
        .innerJoin(users, eq(users.id, userGraduateMctests.userId))
        .where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  },
  async ownerRowById(db: DbOrTx, runId: number): Promise<OwnerRunRow | undefined> {
    const [row] = await db
      .select(ownerRow)
      .from(userGraduateMctests)
      .innerJoin(mcTests, eq(mcTests.id, userGraduateMctests.mcTestId))
      .innerJoin(users, eq(users.id, userGraduateMctests.userId))
      .where(eq(userGraduateMctests.id, runId))
      .limit(1);
    return row;
  },
  /** a run with the owner of its test */
  async runWithTestOwner(db: DbOrTx, runId: number) {
    const [row] = await db
      .select({ run: userGraduateMctests, ownerId: mcTests.ownerId })
      .from(userGraduateMctests)
      .innerJoin(mcTests, eq(mcTests.id, userGraduateMctests.mcTestId))
      .where(eq(userGraduateMctests.id, runId))
      .limit(1);
    return row;
  },
  async setPassed(db: DbOrTx, runId: number, passed: 0 | 1, by: number, at: Date): Promise<void> {
    await db
      .update(userGraduateMctests)
      .set(
        passed
          ? { passed, confirmedBy: by, confirmedAt: at }
          : { passed, confirmedBy: null, confirmedAt: null },
      )
      .where(eq(userGraduateMctests.id, runId));
  },

  /** every run of a test with its user and who confirmed it, newest first */
  async runsOfTest(db: DbOrTx, testId: number) {
    return db
      .select({
        run: {
          id: userGraduateMctests.id,
          mcTestId: userGraduateMctests.mcTestId,
          mode: userGraduateMctests.mode,
          startedAt: userGraduateMctests.startedAt,
          stoppedAt: userGraduateMctests.stoppedAt,
          achievedPercent: userGraduateMctests.achievedPercent,
          accomp: userGraduateMctests.accomp,
          passed: userGraduateMctests.passed,
          confirmedAt: userGraduateMctests.confirmedAt,
        },
        user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
        confirmer: { id: confirmer.id, firstName: confirmer.firstName, lastName: confirmer.lastName },
      })
      .from(userGraduateMctests)
      .innerJoin(users, eq(users.id, userGraduateMctests.userId))
      .leftJoin(confirmer, eq(confirmer.id, userGraduateMctests.confirmedBy))
      .where(eq(userGraduateMctests.mcTestId, testId))
      .orderBy(desc(userGraduateMctests.startedAt), desc(userGraduateMctests.id));
  },
  async resultsOfTest(db: DbOrTx, testId: number): Promise<ResultRow[]> {
    return db
      .select({
        id: userGraduateResults.id,
        userGraduateMctestId: userGraduateResults.userGraduateMctestId,
        answerCoding: userGraduateResults.answerCoding,
        createdAt: userGraduateResults.createdAt,
      })
      .from(userGraduateResults)
      .innerJoin(userGraduateMctests, eq(userGraduateMctests.id, userGraduateResults.userGraduateMctestId))
      .where(eq(userGraduateMctests.mcTestId, testId))
      .orderBy(desc(userGraduateResults.createdAt), desc(userGraduateResults.id));
  },
  /**
   * Per question of a test: in how many finished runs it was asked and how often it was right,
   * from the stored snapshots (the label of the newest one), in the order first asked.
   */
  async questionStats(db: DbOrTx, testId: number) {
    const result = await db.execute(sql`select (q.v->>'id')::int as question_id,
        (array_agg(q.v->>'label' order by res.created_at desc, res.id desc))[1] as label,
        count(*)::int as answered,
        count(*) filter (where (q.v->>'right')::boolean)::int as right_count
      from ${userGraduateResults} res
      join ${userGraduateMctests} r on r.id = res.user_graduate_mctest_id
      cross join lateral jsonb_array_elements(res.answer_coding->'questions') with ordinality as q(v, n)
      where r.mc_test_id = ${testId}
      group by 1
      order by min(q.n), 1`);
    return (
      result as unknown as {
        rows: { question_id: number; label: string; answered: number; right_count: number }[];
      }
    ).rows.map((r) => ({
      questionId: Number(r.question_id),
      label: r.label,
      answered: Number(r.answered),
      right: Number(r.right_count),
    }));
  },
};
