import { and, asc, count, desc, eq, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern, type Page } from '../../db/query-helpers.ts';
import { companies, enrolments, users } from '../../db/schema/index.ts';
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

/** the companies (null: all), the users and the search of {@link companyGrantsPage} */
export type GrantPageFilter = { companyIds: number[] | null; userIds?: number[]; q?: string };

/**
 * One page of a seminar's company grants (assignments) sorted by company name and the employee's
 * name, and their number (issue 39): of the given companies (null: all), of the given users,
 * `q` in the full name, username or e-mail.
 */
export async function companyGrantsPage(
  db: DbOrTx,
  seminarId: number,
  f: GrantPageFilter,
  page: Page,
): Promise<{ rows: LearnerRow[]; total: number }> {
  if (f.companyIds?.length === 0 || f.userIds?.length === 0) return { rows: [], total: 0 };
  const pattern = f.q ? containsPattern(f.q) : null;
  const where = and(
    eq(enrolments.seminarId, seminarId),
    eq(enrolments.source, 'company'),
    f.companyIds ? inArray(enrolments.companyId, f.companyIds) : undefined,
    f.userIds ? inArray(enrolments.userId, f.userIds) : undefined,
    pattern
      ? or(
          sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
          ilike(users.username, pattern),
          ilike(users.email, pattern),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ enrolment: enrolments, user: learnerUser })
      .from(enrolments)
      .innerJoin(users, eq(users.id, enrolments.userId))
      .innerJoin(companies, eq(companies.id, enrolments.companyId))
      .where(where)
      .orderBy(asc(companies.name), asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(enrolments).innerJoin(users, eq(users.id, enrolments.userId)).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * The first `perSeminar` grants of each of the given seminars with their users (issue 39: the
 * owner's lists of seminars embed a bounded number each): personal ones (free, purchase) newest
 * first, company ones by the employee's last and first name.
 */
export async function firstGrantsPerSeminar(
  db: DbOrTx,
  seminarIds: number[],
  kind: 'personal' | 'company',
  perSeminar: number,
): Promise<LearnerRow[]> {
  if (seminarIds.length === 0) return [];
  const order =
    kind === 'personal'
      ? [desc(enrolments.createdAt), desc(enrolments.id)]
      : [asc(users.lastName), asc(users.firstName), asc(users.id), asc(enrolments.id)];
  const ranked = db
    .select({
      id: enrolments.id,
      rank: sql<number>`row_number() over (partition by ${enrolments.seminarId} order by ${sql.join(order, sql`, `)})`.as(
        'rank',
      ),
    })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .where(
      and(
        inArray(enrolments.seminarId, seminarIds),
        kind === 'personal'
          ? inArray(enrolments.source, [...PERSONAL_SOURCES])
          : eq(enrolments.source, 'company'),
      ),
    )
    .as('ranked');
  // then the rows by their ids: a join back to the ranked grants read every grant (a hash join)
  const picked = await db.select({ id: ranked.id }).from(ranked).where(lte(ranked.rank, perSeminar));
  if (picked.length === 0) return [];
  return db
    .select({ enrolment: enrolments, user: learnerUser })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .where(
      inArray(
        enrolments.id,
        picked.map((p) => p.id),
      ),
    )
    .orderBy(...order);
}
