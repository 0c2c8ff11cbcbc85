import {
  dueDateOf,
  dueState,
  type LearnerProgressQuery,
  type LearnerProgressRow,
  type Locale,
} from '@elearn/shared';
import type { AuthUser } from '../../../plugins/session.ts';
import type { EnrolmentsService } from '../../enrolments/enrolments.service.ts';
import { learnerScope, type ProgressContext } from '../progress.context.ts';
import { buildProgressExport } from '../progress.export.ts';
import { computeProgress } from '../progress.read-model.ts';

type LearnerData = Awaited<ReturnType<EnrolmentsService['learners']>>['data'];

async function allLearnerRows(
  ctx: ProgressContext,
  seminarId: number,
  scope: number[] | null,
  kind?: 'personal' | 'company',
) {
  const rows: LearnerData = [];
  // pages of 1,000 grants until the export has every learner
  for (let page = 1; ; page++) {
    const p = await ctx.enrolments.learners(seminarId, { page, per_page: 1000, kind, companyIds: scope });
    rows.push(...p.data);
    if (page >= p.last_page) break;
  }
  return rows;
}

async function learnerRows(ctx: ProgressContext, seminarId: number, data: LearnerData) {
  const computed = await computeProgress(
    ctx,
    data.map((d) => ({ userId: d.user.id, seminarId })),
  );
  const now = new Date(ctx.now());
  return data.map((d): LearnerProgressRow => {
    const c = computed.get(`${d.user.id}/${seminarId}`)!;
    const dueAt = d.grant.source === 'company' ? d.grant.dueAt : null;
    const completedAt = c.summary.completed_at ? new Date(c.summary.completed_at) : null;
    return {
      user: {
        id: d.user.id,
        first_name: d.user.firstName,
        last_name: d.user.lastName,
        email: d.user.email,
      },
      source: d.grant.source,
      company_id: d.grant.companyId,
      progress: c.summary,
      videos: c.detail.videos.map((v) => ({ video_id: v.video_id, coverage: v.coverage })),
      due: dueAt ? { due_date: dueDateOf(dueAt), state: dueState(dueAt, completedAt, now)! } : null,
    };
  });
}

/** one page of a seminar's learners with their progress: owners and admins all, company managers their employees */
export async function learnerProgress(
  ctx: ProgressContext,
  actor: AuthUser,
  seminarId: number,
  q: LearnerProgressQuery,
) {
  const scope = await learnerScope(ctx, actor, seminarId);
  const page = await ctx.enrolments.learners(seminarId, {
    page: q.page,
    per_page: q.per_page,
    kind: scope ? 'company' : q.kind,
    companyIds: scope,
  });
  return { ...page, data: await learnerRows(ctx, seminarId, page.data) };
}

/** every learner the caller may see, as an Excel workbook */
export async function exportLearnerProgress(
  ctx: ProgressContext,
  actor: AuthUser,
  seminarId: number,
  locale: Locale,
) {
  const scope = await learnerScope(ctx, actor, seminarId);
  const { seminar } = await ctx.seminars.access(actor, seminarId);
  const rows = await learnerRows(
    ctx,
    seminarId,
    await allLearnerRows(ctx, seminarId, scope, scope ? 'company' : undefined),
  );
  return buildProgressExport({ title: seminar.title, rows, locale, at: new Date(ctx.now()) });
}
