import type { CompaniesContext } from '../companies.context.ts';
import { companyBookingsRepository as repo } from '../company-bookings.repository.ts';

/**
 * per member (of `userIds` when given: a page of them): their assignments to the company's
 * bookings with progress and test results
 */
export async function companyProgress(ctx: CompaniesContext, companyId: number, userIds?: number[]) {
  const grants = await ctx.enrolments.companyLearners({
    companyIds: [companyId],
    ...(userIds ? { userIds } : {}),
  });
  const pairs = grants.map((g) => ({
    userId: g.user.id,
    seminarId: g.enrolment.seminarId,
    grantId: g.enrolment.id,
  }));
  // chapters counted by the progress read model, as the learner and the owner see them (issue 36)
  const [summaries, runs, rows] = await Promise.all([
    ctx.progress.summaries(pairs),
    repo.bestRuns(ctx.db, pairs),
    ctx.seminars.listRows([...new Set(pairs.map((p) => p.seminarId))]),
  ]);
  const counts = pairs.map((p) => {
    const s = summaries.get(`${p.userId}/${p.seminarId}`);
    return {
      userId: p.userId,
      seminarId: p.seminarId,
      total: s?.chapters_total ?? 0,
      done: s?.chapters_done ?? 0,
    };
  });
  const seminarOf = new Map(rows.map((r) => [r.seminar.id, r.seminar]));
  const assigned = counts
    .flatMap((c, i) => {
      const s = seminarOf.get(c.seminarId);
      return s
        ? [{ ...c, bookingId: pairs[i]!.grantId, seminar: { id: s.id, title: s.title, slug: s.slug } }]
        : [];
    })
    .sort((a, b) => a.seminar.title.localeCompare(b.seminar.title));
  return { assigned, runs };
}
