import { and, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/query-helpers.ts';
import { enrolments, users } from '../../db/schema/index.ts';
import { type LearnerRow, learnerUser, PERSONAL_SOURCES } from './enrolments.repository.ts';

/** one page of a seminar's personal bookings (free, purchase), newest first; `q` in name or e-mail */
export async function personalBookingsPage(
  db: DbOrTx,
  seminarId: number,
  opts: { q?: string; limit: number; offset: number },
): Promise<{ rows: LearnerRow[]; total: number }> {
  const pattern = opts.q ? containsPattern(opts.q) : null;
  const where = and(
    eq(enrolments.seminarId, seminarId),
    inArray(enrolments.source, [...PERSONAL_SOURCES]),
    pattern
      ? or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ enrolment: enrolments, user: learnerUser })
      .from(enrolments)
      .innerJoin(users, eq(users.id, enrolments.userId))
      .where(where)
      .orderBy(desc(enrolments.createdAt), desc(enrolments.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(enrolments).innerJoin(users, eq(users.id, enrolments.userId)).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
