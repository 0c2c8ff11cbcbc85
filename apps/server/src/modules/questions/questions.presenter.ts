import type { AnswerDto, QuestionDto } from '@elearn/shared';
import type { AnswerJson, AnswerRow, QuestionWithAnswers } from './questions.read-model.ts';

const isoOf = (v: string | Date) => (typeof v === 'string' ? new Date(v) : v).toISOString();

export const toAnswerDto = (a: AnswerRow | AnswerJson): AnswerDto => ({
  id: a.id,
  question_id: a.questionId,
  label: a.label,
  correct: a.correct,
  position: a.position,
  explanation: a.explanation,
});

export const toQuestionDto = (r: QuestionWithAnswers): QuestionDto => ({
  id: r.question.id,
  label: r.question.label,
  points: r.question.points,
  explanation: r.question.explanation,
  category: r.question.category,
  owner_id: r.question.ownerId,
  answers: r.answers.map(toAnswerDto),
  mc_tests: r.tests,
  created_at: isoOf(r.question.createdAt),
  updated_at: isoOf(r.question.updatedAt),
});
