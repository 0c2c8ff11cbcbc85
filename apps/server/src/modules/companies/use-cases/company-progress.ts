import type { CompaniesContext } from '../companies.context.ts';
import { companyBookingsRepository as repo } from '../company-bookings.repository.ts';

/** per member: their assignments to the company's bookings with progress and test results */
export async function companyProgress(ctx: CompaniesContext, companyId: number) {
  const grants = await ctx.enrolments.companyLearners({ companyIds: [companyId] });
  const pairs = grants.map((g) => ({
    userId: g.user.id,
    seminarId: g.enrolment.seminarId,
    grantId: g.enrolment.id,
  }));
  const [{ counts, runs }, rows] = await Promise.all([
    repo.progress(ctx.db, pairs),
    ctx.seminars.listRows([...new Set(pairs.map((p) => p.seminarId))]),
  ]);
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
