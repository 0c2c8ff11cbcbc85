import type { McTestDto, McTestListItem, Paginated, QuestionDto } from '@elearn/shared';
import { notFound } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { mcTestPolicy } from '../../../policies/mc-test.policy.ts';
import { toQuestionDto } from '../../questions/questions.presenter.ts';
import type { McTestsContext } from '../mc-tests.context.ts';
import { toListItem } from '../mc-tests.dto.ts';
import { mcTestsRepository as repo } from '../mc-tests.repository.ts';
import { requireManaged } from './manage-access.ts';

/** a test as a list item (no access check: the caller has checked) */
export async function testItem(ctx: McTestsContext, id: number): Promise<McTestListItem> {
  const row = await repo.findItem(ctx.db, id);
  if (!row) throw notFound();
  return toListItem(row);
}

/** a test with its questions (no access check: the caller has checked) */
export async function testDetail(ctx: McTestsContext, id: number): Promise<McTestDto> {
  const [base, qs] = await Promise.all([testItem(ctx, id), repo.questionsOf(ctx.db, id)]);
  return { ...base, questions: qs.map(toQuestionDto) };
}

/** the caller's tests (every test for an admin), a page at a time */
export async function listTests(
  ctx: McTestsContext,
  actor: AuthUser,
  q: { page: number; per_page: number; q?: string },
): Promise<Paginated<McTestListItem>> {
  const { rows, total } = await repo.page(ctx.db, {
    ownerId: mcTestPolicy.managesEvery(actor) ? null : actor.id,
    q: q.q?.trim() || undefined,
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
  });
  return {
    data: rows.map(toListItem),
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(total / q.per_page)),
    per_page: q.per_page,
    total,
  };
}

export async function getTest(ctx: McTestsContext, actor: AuthUser, id: number): Promise<McTestDto> {
  await requireManaged(ctx, actor, id);
  return testDetail(ctx, id);
}

export async function testQuestions(
  ctx: McTestsContext,
  actor: AuthUser,
  id: number,
): Promise<QuestionDto[]> {
  await requireManaged(ctx, actor, id);
  return (await repo.questionsOf(ctx.db, id)).map(toQuestionDto);
}
