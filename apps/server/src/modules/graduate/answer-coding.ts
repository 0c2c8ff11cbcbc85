import type { RunSnapshot } from '../../db/schema/index.ts';

/**
 * The stored record of a scored run (`user_graduate_results.answer_coding`): every question of
 * the snapshot as asked, whether it was answered right, and each answer with its key and whether
 * it was chosen. One builder for the server, the demo data, the test fixtures and the bench.
 */
export function answerCodingOf(
  snapshot: Pick<RunSnapshot, 'questions'>,
  chosen: Map<number, Set<number>>,
  perQuestion: { questionId: number; correct: boolean }[],
) {
  const right = new Map(perQuestion.map((p) => [p.questionId, p.correct]));
  return {
    questions: snapshot.questions.map((q) => ({
      id: q.id,
      label: q.label,
      points: q.points,
      right: right.get(q.id) ?? false,
      answers: q.answers.map((a) => ({
        id: a.id,
        question_id: q.id,
        label: a.label,
        correct: a.correct,
        choosen: chosen.get(q.id)?.has(a.id) ?? false,
      })),
    })),
  };
}
