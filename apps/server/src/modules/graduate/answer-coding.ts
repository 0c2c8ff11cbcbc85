import type { AnswerCoding } from '@elearn/shared';
import type { RunSnapshot, StoredChoice } from '../../db/schema/index.ts';

/**
 * What is stored of a scored run (`user_graduate_results.choices`): per question of the snapshot,
 * in its order, whether it was answered right and the ids of the answers chosen. One builder for
 * the server, the demo data, the test fixtures and the bench.
 */
export function choicesOf(
  snapshot: Pick<RunSnapshot, 'questions'>,
  chosen: Map<number, Set<number>>,
  perQuestion: { questionId: number; correct: boolean }[],
): StoredChoice[] {
  const right = new Map(perQuestion.map((p) => [p.questionId, p.correct]));
  return snapshot.questions.map((q) => {
    const picked = chosen.get(q.id);
    return {
      q: q.id,
      r: right.get(q.id) ?? false,
      a: picked ? q.answers.filter((a) => picked.has(a.id)).map((a) => a.id) : [],
    };
  });
}

/**
 * The answer coding of a scored run (the API's `answer_coding`): every question of the snapshot as
 * asked, whether it was answered right, and each answer with its key and whether it was chosen.
 * The choices are matched to the snapshot's questions by id.
 */
export function codingOf(snapshot: Pick<RunSnapshot, 'questions'>, choices: StoredChoice[]): AnswerCoding {
  const byQuestion = new Map(choices.map((c) => [c.q, c]));
  return {
    questions: snapshot.questions.map((q) => {
      const choice = byQuestion.get(q.id);
      const picked = new Set(choice?.a ?? []);
      return {
        id: q.id,
        label: q.label,
        points: q.points,
        right: choice?.r ?? false,
        answers: q.answers.map((a) => ({
          id: a.id,
          question_id: q.id,
          label: a.label,
          correct: a.correct,
          choosen: picked.has(a.id),
        })),
      };
    }),
  };
}
