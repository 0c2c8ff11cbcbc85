import { scoreMcTestRun } from '@elearn/shared';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import {
  answers,
  mcTestQuestions,
  mcTests,
  questions,
  type RunSnapshot,
  userGraduateMctests,
  userGraduateResults,
} from '../db/schema/index.ts';
import { choicesOf } from '../modules/graduate/answer-coding.ts';
import { seminarFixtures } from './fixtures.ts';

let n = 0;

/**
 * Questions, tests and runs written straight into the database (fast, no HTTP), for
 * authorization, listing and benchmark set-ups. Runs get a real snapshot and, when stopped, a
 * result scored with the shared rule.
 */
export function mcTestRows(db: DbOrTx) {
  async function question(
    ownerId: number,
    opts: { label?: string; points?: number | null; answers?: [string, boolean][] } = {},
  ) {
    n++;
    const [q] = await db
      .insert(questions)
      .values({ ownerId, label: opts.label ?? `<p>Frage ${n}</p>`, points: opts.points ?? null })
      .returning();
    const list = opts.answers ?? [
      ['Richtig', true],
      ['Falsch', false],
      ['Auch falsch', false],
    ];
    const rows = await db
      .insert(answers)
      .values(list.map(([label, correct], position) => ({ questionId: q!.id, label, correct, position })))
      .returning();
    return { question: q!, answers: rows };
  }

  async function test(
    ownerId: number,
    opts: {
      label?: string;
      chapterId?: number | null;
      enabled?: boolean;
      mode?: 'exam' | 'practice';
      percent?: number;
      /** number of fresh questions to create and attach (default 2) */
      questions?: number;
    } = {},
  ) {
    n++;
    const [t] = await db
      .insert(mcTests)
      .values({
        ownerId,
        label: opts.label ?? `Test ${n}`,
        percentToAccomplish: opts.percent ?? 50,
        mode: opts.mode ?? 'exam',
        enabled: opts.enabled === false ? 0 : 1,
        chapterId: opts.chapterId ?? null,
      })
      .returning();
    const qs = [];
    for (let i = 0; i < (opts.questions ?? 2); i++) qs.push(await question(ownerId));
    if (qs.length > 0) {
      await db
        .insert(mcTestQuestions)
        .values(qs.map((q, position) => ({ mcTestId: t!.id, questionId: q.question.id, position })));
    }
    return { test: t!, questions: qs };
  }

  async function snapshotOf(testId: number): Promise<RunSnapshot> {
    const [t] = await db.select().from(mcTests).where(eq(mcTests.id, testId));
    const rows = await db
      .select({ q: questions, a: answers, position: mcTestQuestions.position })
      .from(mcTestQuestions)
      .innerJoin(questions, eq(questions.id, mcTestQuestions.questionId))
      .innerJoin(answers, eq(answers.questionId, questions.id))
      .where(eq(mcTestQuestions.mcTestId, testId))
      .orderBy(asc(mcTestQuestions.position), asc(answers.position), asc(answers.id));
    const byQuestion = new Map<number, RunSnapshot['questions'][number]>();
    for (const r of rows) {
      const q = byQuestion.get(r.q.id) ?? { id: r.q.id, label: r.q.label, points: r.q.points, answers: [] };
      q.answers.push({ id: r.a.id, label: r.a.label, correct: r.a.correct });
      byQuestion.set(r.q.id, q);
    }
    return {
      mode: t!.mode as 'exam' | 'practice',
      percentToAccomplish: t!.percentToAccomplish,
      label: t!.label,
      questions: [...byQuestion.values()],
    };
  }

  /** a run of `userId`; `stopped` answers every question right (`right`) or wrong */
  async function run(
    testId: number,
    userId: number,
    opts: { stopped?: boolean; right?: boolean; startedAt?: Date; passed?: boolean } = {},
  ) {
    const snapshot = await snapshotOf(testId);
    const startedAt = opts.startedAt ?? new Date();
    const [r] = await db
      .insert(userGraduateMctests)
      .values({ mcTestId: testId, userId, mode: snapshot.mode, snapshot, startedAt })
      .returning();
    if (!opts.stopped) return r!;
    const chosen = new Map(
      snapshot.questions.map((q) => [
        q.id,
        new Set(q.answers.filter((a) => (opts.right ? a.correct : !a.correct)).map((a) => a.id)),
      ]),
    );
    const score = scoreMcTestRun(snapshot.questions, chosen, snapshot.percentToAccomplish);
    const at = new Date(startedAt.getTime() + 60_000);
    const [stopped] = await db
      .update(userGraduateMctests)
      .set({
        stoppedAt: at,
        achievedPercent: score.achievedPercent,
        accomp: score.accomp,
        rightCount: score.perQuestion.filter((p) => p.correct).length,
        totalCount: score.perQuestion.length,
        passed: opts.passed && score.accomp ? 1 : 0,
      })
      .where(eq(userGraduateMctests.id, r!.id))
      .returning();
    await db.insert(userGraduateResults).values({
      userGraduateMctestId: r!.id,
      createdAt: at,
      choices: choicesOf(snapshot, chosen, score.perQuestion),
    });
    return stopped!;
  }

  return { question, test, run, snapshotOf };
}

/** {@link mcTestRows} on the app's database, plus a test on a booked seminar's chapter. */
export function mcTestFixtures(app: FastifyInstance) {
  const rows = mcTestRows(app.database.db);
  const fx = seminarFixtures(app);
  return {
    ...rows,
    /**
     * A test of `trainerId` (enabled, exam unless told) on an unlocked chapter of a public free
     * seminar booked by `studentIds`.
     */
    async bookedTest(
      trainerId: number,
      studentIds: number[],
      opts: Parameters<typeof rows.test>[1] & { chapterUnlocked?: boolean } = {},
    ) {
      const seminar = await fx.seminar(trainerId, { bookedBy: studentIds });
      const chapter = await fx.chapter(seminar.id, { unlocked: opts.chapterUnlocked !== false });
      const made = await rows.test(trainerId, { ...opts, chapterId: chapter.id });
      return { seminar, chapter, ...made };
    },
  };
}
