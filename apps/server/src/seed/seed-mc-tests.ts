import { scoreMcTestRun } from '@elearn/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  answers,
  chapters,
  mcTestGrants,
  mcTestQuestions,
  mcTests,
  questions,
  type RunSnapshot,
  seminars,
  userGraduateMctests,
  userGraduateResults,
} from '../db/schema/index.ts';
import { choicesOf } from '../modules/graduate/answer-coding.ts';
import { demoSlug } from './demo-seminars.ts';

type Q = { label: string; points?: number; answers: [string, boolean][] };

const POOL: Q[] = [
  {
    label: '<p>Welche Eigenschaften hat ein <strong>SMART</strong> formuliertes Ziel?</p>',
    points: 3,
    answers: [
      ['Spezifisch und messbar', true],
      ['Terminiert', true],
      ['Möglichst allgemein gehalten', false],
      ['Ohne festen Termin', false],
    ],
  },
  {
    label: '<p>Was ist ein Meilenstein?</p>',
    answers: [
      ['Ein überprüfbares Zwischenergebnis mit Termin', true],
      ['Eine beliebige Aufgabe auf der To-do-Liste', false],
      ['Das Budget des Projekts', false],
    ],
  },
  {
    label: '<p>Wer entscheidet in einem gut aufgestellten Team über Prioritäten?</p>',
    answers: [
      ['Die Rolle, die dafür vorab festgelegt wurde', true],
      ['Wer am lautesten ist', false],
      ['Jede Person für sich allein', false],
    ],
  },
  {
    label: '<p>Welche Werkzeuge helfen bei der Planung?</p>',
    answers: [
      ['Ein Zeitplan mit Abhängigkeiten', true],
      ['Ein Kanban-Board', true],
      ['Ein Zufallsgenerator', false],
    ],
  },
  {
    label: '<p>Warum scheitern Projekte häufig?</p>',
    answers: [
      ['Unklare Ziele', true],
      ['Zu gute Kommunikation', false],
      ['Fehlende Verantwortlichkeiten', true],
    ],
  },
  {
    label: '<p>Was gehört in ein Kick-off-Meeting?</p>',
    answers: [
      ['Ziele, Rollen und nächste Schritte', true],
      ['Die Abschlussfeier', false],
    ],
  },
];

/**
 * Demo tests (DESIGN section 3): a question pool of the demo trainer, an exam on an unlocked
 * chapter of "Einführung in die Projektarbeit" (enabled, 60 %, one question worth 3 points), a
 * practice test on the same chapter, and runs of the booked demo student: a failed exam run, a
 * granted second run that passed, and a practice run. Does nothing when any test exists.
 */
export async function seedMcTests(db: Db, ids: Record<string, number>): Promise<void> {
  const trainer = ids.trainer;
  const student = ids.student;
  if (!trainer) return;
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(mcTests);
  if ((existing?.n ?? 0) > 0) return;
  const [intro] = await db
    .select()
    .from(seminars)
    .where(eq(seminars.slug, demoSlug('intro')))
    .limit(1);
  const [chapter] = intro
    ? await db
        .select()
        .from(chapters)
        .where(and(eq(chapters.seminarId, intro.id), isNull(chapters.chapterId), eq(chapters.unlocked, 1)))
        .orderBy(asc(chapters.position), asc(chapters.id))
        .limit(1)
    : [];

  const pool = await seedPool(db, trainer);
  const { exam, practice } = await seedTests(db, trainer, chapter?.id ?? null);
  const examQuestions = pool.slice(0, 5);
  const practiceQuestions = [pool[0]!, pool[1]!, pool[5]!];
  await db
    .insert(mcTestQuestions)
    .values([
      ...examQuestions.map((q, position) => ({ mcTestId: exam!.id, questionId: q.id, position })),
      ...practiceQuestions.map((q, position) => ({ mcTestId: practice!.id, questionId: q.id, position })),
    ]);
  if (!student || !chapter) return;

  const day = 86_400_000;
  // failed (2 of 7 points: 28.57 %), then a granted second run that passed (5 of 7: 71.43 %)
  await seedRun(db, student, exam, examQuestions, [1, 2], new Date(Date.now() - 3 * day));
  await db
    .insert(mcTestGrants)
    .values({ mcTestId: exam!.id, userId: student, extraRuns: 1, grantedBy: trainer });
  await seedRun(db, student, exam, examQuestions, [0, 1, 3], new Date(Date.now() - 2 * day));
  await seedRun(db, student, practice, practiceQuestions, [0, 2], new Date(Date.now() - day));
}

/** the trainer's question pool (POOL) with its answers, as a run's snapshot lists them */
async function seedPool(db: Db, trainer: number): Promise<RunSnapshot['questions']> {
  const pool: RunSnapshot['questions'] = [];
  for (const q of POOL) {
    const [row] = await db
      .insert(questions)
      .values({ ownerId: trainer, label: q.label, points: q.points ?? null })
      .returning();
    const rows = await db
      .insert(answers)
      .values(
        q.answers.map(([label, correct], position) => ({ questionId: row!.id, label, correct, position })),
      )
      .returning();
    pool.push({
      id: row!.id,
      label: row!.label,
      points: row!.points,
      answers: rows.map((a) => ({ id: a.id, label: a.label, correct: a.correct })),
    });
  }
  return pool;
}

/** the exam and the practice test on the chapter */
async function seedTests(db: Db, trainer: number, chapterId: number | null) {
  const [exam] = await db
    .insert(mcTests)
    .values({
      ownerId: trainer,
      label: 'Abschlusstest Projektarbeit',
      percentToAccomplish: 60,
      mode: 'exam',
      enabled: 1,
      chapterId,
    })
    .returning();
  const [practice] = await db
    .insert(mcTests)
    .values({
      ownerId: trainer,
      label: 'Übung: Ziele und Planung',
      percentToAccomplish: 50,
      mode: 'practice',
      enabled: 1,
      chapterId,
    })
    .returning();
  return { exam, practice };
}

type SeededTest = Awaited<ReturnType<typeof seedTests>>['exam'];

/** a finished run of the student who answers the questions at `rightIndexes` right */
async function seedRun(
  db: Db,
  student: number,
  test: SeededTest,
  list: RunSnapshot['questions'],
  rightIndexes: number[],
  startedAt: Date,
) {
  const snapshot: RunSnapshot = {
    mode: test!.mode as RunSnapshot['mode'],
    percentToAccomplish: test!.percentToAccomplish,
    label: test!.label,
    questions: list,
  };
  const chosen = new Map(
    list.map((q, i) => [
      q.id,
      new Set(q.answers.filter((a) => (rightIndexes.includes(i) ? a.correct : !a.correct)).map((a) => a.id)),
    ]),
  );
  const score = scoreMcTestRun(list, chosen, snapshot.percentToAccomplish);
  const stoppedAt = new Date(startedAt.getTime() + 6 * 60_000);
  const [row] = await db
    .insert(userGraduateMctests)
    .values({
      mcTestId: test!.id,
      userId: student,
      mode: snapshot.mode,
      snapshot,
      startedAt,
      stoppedAt,
      achievedPercent: score.achievedPercent,
      accomp: score.accomp,
      rightCount: score.perQuestion.filter((p) => p.correct).length,
      totalCount: score.perQuestion.length,
    })
    .returning();
  await db.insert(userGraduateResults).values({
    userGraduateMctestId: row!.id,
    createdAt: stoppedAt,
    choices: choicesOf(snapshot, chosen, score.perQuestion),
  });
}
