import type { CreateMcTestBody, McTestDto, UpdateMcTestBody } from '@elearn/shared';
import { conflict, forbidden } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { mcTestPolicy } from '../../../policies/mc-test.policy.ts';
import type { McTestsContext } from '../mc-tests.context.ts';
import { mcTestsRepository as repo } from '../mc-tests.repository.ts';
import { drawValues, requireDrawable } from './draw-questions.ts';
import { requireManaged, requireManagedChapter } from './manage-access.ts';
import { testDetail } from './read-tests.ts';
import { endOpenRunsBy, windowColumns } from './test-window.ts';

export async function createTest(
  ctx: McTestsContext,
  actor: AuthUser,
  body: CreateMcTestBody & { enabled?: number },
): Promise<McTestDto> {
  if (!mcTestPolicy.author(actor)) throw forbidden();
  const chapterId = body.chapter_id ?? null;
  if (chapterId !== null) await requireManagedChapter(ctx, actor, chapterId);
  const window = windowColumns(body);
  const draw = drawValues(body);
  // a drawn test saved enabled: its rules must be satisfiable (issue 37 item 3)
  await requireDrawable(ctx, {
    ownerId: actor.id,
    enabled: body.enabled === 1 ? 1 : 0,
    questionSelection: draw.questionSelection ?? 'fixed',
    drawRules: draw.drawRules ?? [],
  });
  const row = await repo.insert(ctx.db, {
    ownerId: actor.id,
    label: body.label,
    percentToAccomplish: body.percent_to_accomplish,
    mode: body.mode,
    enabled: body.enabled === 1 ? 1 : 0,
    chapterId,
    timeLimitMinutes: body.time_limit_minutes ?? null,
    ...draw,
    ...window,
  });
  return testDetail(ctx, row.id);
}

export async function updateTest(
  ctx: McTestsContext,
  actor: AuthUser,
  body: UpdateMcTestBody,
): Promise<McTestDto> {
  const test = await requireManaged(ctx, actor, body.id);
  const window = windowColumns(body, test);
  const draw = drawValues(body);
  await requireDrawable(ctx, { ...test, ...draw });
  await repo.update(ctx.db, test.id, {
    ...draw,
    label: body.label,
    percentToAccomplish: body.percent_to_accomplish,
    mode: body.mode,
    // absent: unchanged; runs already started keep the deadline fixed at their start
    ...(body.time_limit_minutes !== undefined && { timeLimitMinutes: body.time_limit_minutes }),
    ...window,
  });
  // open runs end at the new close at the latest (issue 37 item 4)
  if (window.closesAt) await endOpenRunsBy(ctx.db, test.id, window.closesAt);
  return testDetail(ctx, test.id);
}

/** @throws mc_test.has_runs (409) while runs exist, unless confirmed */
export async function removeTest(
  ctx: McTestsContext,
  actor: AuthUser,
  id: number,
  confirm: boolean,
): Promise<void> {
  const test = await requireManaged(ctx, actor, id);
  if (!confirm && (await repo.countRuns(ctx.db, test.id)) > 0) {
    throw conflict('mc_test.has_runs', 'mc_test.has_runs');
  }
  await repo.delete(ctx.db, test.id);
}

export async function toggleEnabled(ctx: McTestsContext, actor: AuthUser, id: number): Promise<McTestDto> {
  const test = await requireManaged(ctx, actor, id);
  await requireDrawable(ctx, { ...test, enabled: test.enabled === 1 ? 0 : 1 });
  await repo.update(ctx.db, test.id, { enabled: test.enabled === 1 ? 0 : 1 });
  return testDetail(ctx, test.id);
}
