import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accessLinks, companies, companyBookings, seminars, users } from '../../db/schema/index.ts';

export type AccessLinkRow = typeof accessLinks.$inferSelect;

const companyRef = { id: companies.id, name: companies.name, shortName: companies.shortName };

export interface AccessLinkListRow {
  link: AccessLinkRow;
  seminar: { id: number; title: string; slug: string };
  employee: { id: number; firstName: string; lastName: string; username: string };
  company: { id: number; name: string; shortName: string };
}

const listColumns = {
  link: accessLinks,
  seminar: { id: seminars.id, title: seminars.title, slug: seminars.slug },
  employee: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    username: users.username,
  },
  company: companyRef,
};

/**
 * The only place that builds queries on access links. A link belongs to one company grant of
 * the enrolments module (`enrolment_id`, deleted with it) and keeps what it opens (seminar,
 * employee, company) itself, so that no query here reads the grants.
 */
export const accessLinksRepository = {
  async insert(
    db: DbOrTx,
    values: {
      tokenHash: string;
      tokenSealed: string;
      enrolmentId: number;
      seminarId: number;
      userId: number;
      companyId: number;
      createdBy: number | null;
      expiresAt: Date;
    },
  ): Promise<AccessLinkRow> {
    const [row] = await db.insert(accessLinks).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },
  /** a link with what it opens (seminar, employee, company) and the company booking's status */
  async findWhere(db: DbOrTx, where: { id?: number; tokenHash?: string }) {
    const [row] = await db
      .select({
        ...listColumns,
        description: seminars.description,
        companyBookingStatus: companyBookings.status,
        employeeDisabledAt: users.disabledAt,
      })
      .from(accessLinks)
      .innerJoin(seminars, eq(seminars.id, accessLinks.seminarId))
      .innerJoin(users, eq(users.id, accessLinks.userId))
      .innerJoin(companies, eq(companies.id, accessLinks.companyId))
      .leftJoin(
        companyBookings,
        and(
          eq(companyBookings.companyId, accessLinks.companyId),
          eq(companyBookings.seminarId, accessLinks.seminarId),
        ),
      )
      .where(
        where.id !== undefined
          ? eq(accessLinks.id, where.id)
          : eq(accessLinks.tokenHash, where.tokenHash ?? ''),
      )
      .limit(1);
    return row;
  },
  async list(
    db: DbOrTx,
    companyIds: number[] | null,
    page: { limit: number; offset: number },
  ): Promise<{ rows: AccessLinkListRow[]; total: number }> {
    if (companyIds?.length === 0) return { rows: [], total: 0 };
    const scope = companyIds ? inArray(accessLinks.companyId, companyIds) : undefined;
    const [rows, [count]] = await Promise.all([
      db
        .select(listColumns)
        .from(accessLinks)
        .innerJoin(seminars, eq(seminars.id, accessLinks.seminarId))
        .innerJoin(users, eq(users.id, accessLinks.userId))
        .innerJoin(companies, eq(companies.id, accessLinks.companyId))
        .where(scope)
        .orderBy(desc(accessLinks.createdAt), desc(accessLinks.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(accessLinks).where(scope),
    ]);
    return { rows, total: count?.n ?? 0 };
  },
  async revoke(db: DbOrTx, id: number, at: Date): Promise<void> {
    await db
      .update(accessLinks)
      .set({ revokedAt: at })
      .where(and(eq(accessLinks.id, id), isNull(accessLinks.revokedAt)));
  },
  /** revokes every live access link of `userId` (the account was disabled) */
  async revokeAllOfUser(db: DbOrTx, userId: number, at: Date): Promise<void> {
    await db
      .update(accessLinks)
      .set({ revokedAt: at })
      .where(and(eq(accessLinks.userId, userId), isNull(accessLinks.revokedAt)));
  },
  async touch(db: DbOrTx, id: number, at: Date): Promise<void> {
    await db.update(accessLinks).set({ lastUsedAt: at }).where(eq(accessLinks.id, id));
  },
};
