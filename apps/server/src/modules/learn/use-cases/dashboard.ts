import {
  type AssignedTestDto,
  type DueState,
  dueDateOf,
  dueState,
  type LearnDashboard,
  type LearnSeminar,
  type LearnTest,
  type SeminarProgressDetailDto,
} from '@elearn/shared';
import type { AuthUser } from '../../../plugins/session.ts';
import { companyPolicy } from '../../../policies/company.policy.ts';
import type { Grant } from '../../enrolments/enrolments.service.ts';
import type { LearnContext } from '../learn.context.ts';
import { learnRepository as repo, type VisitRow } from '../learn.repository.ts';

const DAY_MS = 86_400_000;
/** certificates issued this many days back count as new */
export const NEW_CERTIFICATE_DAYS = 30;

/** the seminars held, the most recently granted first, with the earliest due date of their assignments */
function heldSeminars(grants: Grant[]): Map<number, Date | null> {
  const held = new Map<number, Date | null>();
  for (const g of grants) {
    const due = held.get(g.seminarId) ?? null;
    const own = g.source === 'company' ? g.dueAt : null;
    held.set(g.seminarId, own && (!due || own < due) ? own : due);
  }
  return held;
}

/** where to continue: the chapter opened last, while it is still playable, and its first video's place */
function continueTarget(detail: SeminarProgressDetailDto, visit: VisitRow | undefined) {
  if (!visit) return null;
  const index = detail.chapters.findIndex((c) => c.chapter_id === visit.chapterId);
  if (index < 0) return null;
  const video = detail.videos.find((v) => v.chapter_id === visit.chapterId);
  return {
    chapter_id: visit.chapterId,
    chapter_number: index + 1,
    video_id: video?.video_id ?? null,
    position: video?.position ?? 0,
    visited_at: visit.visitedAt.toISOString(),
  };
}

function seminarCard(
  row: { id: number; title: string; slug: string; imageUrl: string | null },
  detail: SeminarProgressDetailDto,
  visit: VisitRow | undefined,
  dueAt: Date | null,
  now: Date,
): LearnSeminar {
  const { chapters, videos, tests, ...progress } = detail;
  const started =
    !!visit || progress.chapters_done > 0 || progress.tests_passed > 0 || (progress.video_coverage ?? 0) > 0;
  const state = progress.completed_at ? 'completed' : started ? 'in_progress' : 'not_started';
  const completedAt = progress.completed_at ? new Date(progress.completed_at) : null;
  const due = dueAt
    ? { due_date: dueDateOf(dueAt), state: dueState(dueAt, completedAt, now) as DueState }
    : null;
  return {
    seminar_id: row.id,
    title: row.title,
    slug: row.slug,
    image_url: row.imageUrl,
    state,
    progress,
    continue: continueTarget(detail, visit),
    first_chapter_id: chapters[0]?.chapter_id ?? null,
    next_chapter_id: chapters.find((c) => !c.done)?.chapter_id ?? null,
    due,
  };
}

function testState(t: AssignedTestDto): LearnTest['state'] {
  if (t.accomp || t.passed === 1) return 'passed';
  if (t.open_run_id !== null) return 'open';
  return t.runs_used > 0 ? 'failed' : 'not_started';
}

function testItem(t: AssignedTestDto): LearnTest | null {
  const seminar = t.chapter?.seminar;
  if (!seminar || t.chapter_id === null) return null;
  return {
    id: t.id,
    label: t.label,
    mode: t.mode,
    seminar_id: seminar.id,
    seminar_title: seminar.title,
    chapter_id: t.chapter_id,
    state: testState(t),
    runs_used: t.runs_used,
    runs_allowed: t.runs_allowed,
    attempts_left: t.runs_allowed === null ? null : Math.max(0, t.runs_allowed - t.runs_used),
    best_percent: t.best_percent,
  };
}

/**
 * "Mein Lernen" (issue 36 item 1): the caller's held seminars with progress, continue target and
 * due date, the tests in them, deadlines coming up and new certificates. A constant number of
 * statements whatever the number of seminars: the grants, the seminars' rows, the progress read
 * model, the visits and the tests, each one query for all seminars.
 */
export async function dashboard(ctx: LearnContext, actor: AuthUser): Promise<LearnDashboard> {
  const now = new Date(ctx.now());
  const held = heldSeminars(await ctx.enrolments.grantsOfUser(actor.id));
  const ids = [...held.keys()];
  const [rows, details, visits, tests] = await Promise.all([
    ctx.seminars.listRows(ids),
    ctx.progress.of(actor.id, ids),
    repo.visitsOf(ctx.db, actor.id, ids),
    ids.length ? ctx.mcTests.assigned(actor) : Promise.resolve([]),
  ]);
  const visitOf = new Map(visits.map((v) => [v.seminarId, v]));
  const seminars = rows.flatMap((r) => {
    const detail = details.get(r.seminar.id);
    if (!detail) return [];
    const s = r.seminar;
    const imageUrl = s.imagePath
      ? `/api/seminars/${s.id}/image?v=${s.updatedAt.getTime().toString(36)}`
      : null;
    return [
      seminarCard(
        { id: s.id, title: s.title, slug: s.slug, imageUrl },
        detail,
        visitOf.get(s.id),
        held.get(s.id) ?? null,
        now,
      ),
    ];
  });
  const heldIds = new Set(ids);
  const deadlines = seminars
    .flatMap((s) =>
      s.due && (s.due.state === 'overdue' || s.due.state === 'due_soon')
        ? [{ seminar_id: s.seminar_id, title: s.title, due_date: s.due.due_date, state: s.due.state }]
        : [],
    )
    .sort((a, b) => a.due_date.localeCompare(b.due_date));
  const since = now.getTime() - NEW_CERTIFICATE_DAYS * DAY_MS;
  const certificates = seminars
    .flatMap((s) => {
      const c = s.progress.certificate;
      return c && !c.revoked_at && new Date(c.issued_at).getTime() >= since
        ? [{ code: c.code, seminar_id: s.seminar_id, title: s.title, issued_at: c.issued_at }]
        : [];
    })
    .sort((a, b) => b.issued_at.localeCompare(a.issued_at));
  const managed = companyPolicy.managedIds(actor) ?? [];
  return {
    seminars,
    tests: tests.flatMap((t) => {
      const item = testItem(t);
      return item && heldIds.has(item.seminar_id) ? [item] : [];
    }),
    deadlines,
    certificates,
    team_views: actor.companies
      .filter((c) => managed.includes(c.id))
      .map((c) => ({ name: c.name, short_name: c.shortName })),
  };
}
