import type { Paginated, QuestionDto } from '@elearn/shared';
import { notFound } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { mcTestPolicy } from '../../../policies/mc-test.policy.ts';
import type { QuestionsContext } from '../questions.context.ts';
import { toQuestionDto } from '../questions.presenter.ts';
import { questionsRepository as repo } from '../questions.repository.ts';

/** a question with its answers and tests (no access check: the caller has checked) */
export async function questionDto(ctx: QuestionsContext, id: number): Promise<QuestionDto> {
  const row = await repo.findWithAnswers(ctx.db, id);
  if (!row) throw notFound();
  return toQuestionDto(row);
}

/** the caller's pool (every question for an admin), a page at a time */
export async function listQuestions(
  ctx: QuestionsContext,
  actor: AuthUser,
  q: {
    page: number;
    per_page: number;
    q?: string;
    exclude_mc_test_id?: number;
    id?: number;
    category?: string | null;
  },
): Promise<Paginated<QuestionDto>> {
  const { rows, total } = await repo.page(ctx.db, {
    ownerId: mcTestPolicy.managesEvery(actor) ? null : actor.id,
    q: q.q?.trim() || undefined,
    excludeTestId: q.exclude_mc_test_id,
    id: q.id,
    category: q.category ?? undefined,
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
  });
  return {
    data: rows.map(toQuestionDto),
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(total / q.per_page)),
    per_page: q.per_page,
    total,
  };
}
