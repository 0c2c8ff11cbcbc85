import { and, asc, desc, eq, gte, ilike, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  bookings,
  companies,
  companyBookings,
  companyShortNames,
  companyUsers,
  mcTests,
  payments,
  seminars,
  sessions,
  userGraduateMctests,
  users,
} from '../../db/schema/index.ts';
import { authDataChanged } from '../../lib/auth-cache.ts';
import { personalLearnersCountSql } from '../enrolments/enrolments.sql.ts';

export type UserRow = typeof users.$inferSelect;
export type Membership = { id: number; name: string; shortName: string; manager: boolean };

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const userIdCol = sql.raw('"users"."id"');
const companyIdCol = sql.raw('"companies"."id"');
const seminarIdCol = sql.raw('"seminars"."id"');

/** the user's companies as JSON, for any number of users in one query */
const membershipsOf = sql<
  Membership[]
>`coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name,
  'shortName', c.short_name, 'manager', cu.manager) order by c.name)
  from ${companyUsers} cu join ${companies} c on c.id = cu.company_id where cu.user_id = ${userIdCol}), '[]'::json)`;

export interface UserFilter {
  q?: string;
  scope?: 'admin' | 'trainer' | 'corporateTraining' | 'student';
  companyId?: number;
  status?: 'active' | 'disabled' | 'unverified';
}

export interface PaymentFilter {
  status?: string;
  from?: Date;
  to?: Date;
}

type Page = { limit: number; offset: number };

async function paged<T>(rows: Promise<T[]>, count: Promise<{ n: number }[]>) {
  const [r, [c]] = await Promise.all([rows, count]);
  return { rows: r, total: c?.n ?? 0 };
}

/** The admin area's queries (lists over every user, company, seminar and payment). */
export const adminRepository = {
  async listUsers(db: DbOrTx, f: UserFilter, page: Page) {
    const conditions: SQL[] = [];
    if (f.q) {
      const q = like(f.q);
      conditions.push(
        or(
          ilike(users.username, q),
          ilike(users.email, q),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, q),
        )!,
      );
    }
    if (f.scope === 'student') conditions.push(sql`cardinality(${users.scopes}) = 0`);
    else if (f.scope) conditions.push(sql`${f.scope} = any(${users.scopes})`);
    if (f.companyId)
      conditions.push(
        sql`exists (select 1 from ${companyUsers} m where m.user_id = ${userIdCol} and m.company_id = ${f.companyId})`,
      );
    if (f.status === 'active') conditions.push(isNull(users.disabledAt));
    if (f.status === 'disabled') conditions.push(isNotNull(users.disabledAt));
    if (f.status === 'unverified') conditions.push(isNull(users.emailVerifiedAt));
    const where = conditions.length ? and(...conditions) : undefined;
    return paged(
      db
        .select({ user: users, companies: membershipsOf })
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
    );
  },

  async findUser(db: DbOrTx, id: number) {
    const [row] = await db
      .select({ user: users, companies: membershipsOf })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return row;
  },

  async bookingsOf(db: DbOrTx, userId: number) {
    return db
      .select({
        id: bookings.id,
        status: bookings.status,
        price: bookings.price,
        currency: bookings.currency,
        createdAt: bookings.createdAt,
        seminar: { id: seminars.id, title: seminars.title, slug: seminars.slug },
      })
      .from(bookings)
      .innerJoin(seminars, eq(seminars.id, bookings.seminarId))
      .where(eq(bookings.userId, userId))
      .orderBy(desc(bookings.createdAt));
  },

  async resultsOf(db: DbOrTx, userId: number) {
    return db
      .select({
        runId: userGraduateMctests.id,
        mcTest: { id: mcTests.id, label: mcTests.label },
        achievedPercent: userGraduateMctests.achievedPercent,
        accomp: userGraduateMctests.accomp,
        passed: userGraduateMctests.passed,
        stoppedAt: userGraduateMctests.stoppedAt,
      })
      .from(userGraduateMctests)
      .innerJoin(mcTests, eq(mcTests.id, userGraduateMctests.mcTestId))
      .where(and(eq(userGraduateMctests.userId, userId), isNotNull(userGraduateMctests.stoppedAt)))
      .orderBy(desc(userGraduateMctests.stoppedAt));
  },

  /** the active admins, locked until the transaction ends (the last-admin rule under concurrency) */
  async lockActiveAdmins(db: DbOrTx): Promise<number[]> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`'admin' = any(${users.scopes})`, isNull(users.disabledAt)))
      .for('update');
    return rows.map((r) => r.id);
  },

  async setUser(db: DbOrTx, id: number, values: Partial<typeof users.$inferInsert>) {
    await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id));
    authDataChanged();
  },

  /** ends every session of the user at once */
  async endSessionsOf(db: DbOrTx, userId: number) {
    await db.delete(sessions).where(eq(sessions.userId, userId));
    authDataChanged();
  },

  // companies
  async listCompanies(db: DbOrTx, f: { q?: string; id?: number }, page: Page) {
    const where = f.id
      ? eq(companies.id, f.id)
      : f.q
        ? or(ilike(companies.name, like(f.q)), ilike(companies.shortName, like(f.q)))
        : undefined;
    return paged(
      db
        .select({
          company: companies,
          membersCount: sql<number>`(select count(*)::int from ${companyUsers} m where m.company_id = ${companyIdCol})`,
          managers: sql<
            { id: number; username: string; first_name: string; last_name: string }[]
          >`coalesce((select json_agg(json_build_object('id', u.id, 'username', u.username,
            'first_name', u.first_name, 'last_name', u.last_name) order by u.last_name)
            from ${companyUsers} m join ${users} u on u.id = m.user_id
            where m.company_id = ${companyIdCol} and m.manager), '[]'::json)`,
          bookingsCount: sql<number>`(select count(*)::int from ${companyBookings} b where b.company_id = ${companyIdCol})`,
          seminarsCount: sql<number>`(select count(*)::int from ${seminars} s where s.company_id = ${companyIdCol})`,
          formerShortNames: sql<string[]>`coalesce((select array_agg(f.short_name order by f.created_at)
            from ${companyShortNames} f where f.company_id = ${companyIdCol}), '{}'::text[])`,
        })
        .from(companies)
        .where(where)
        .orderBy(asc(companies.name), asc(companies.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(companies).where(where),
    );
  },

  /** whether another company uses `shortName`, now or formerly (any case) */
  async shortNameTaken(db: DbOrTx, shortName: string, exceptCompanyId: number | null): Promise<boolean> {
    const [row] = await db
      .select({
        taken: sql<boolean>`exists (select 1 from ${companies} c where lower(c.short_name) = lower(${shortName})
          and c.id <> ${exceptCompanyId ?? -1})
        or exists (select 1 from ${companyShortNames} f where lower(f.short_name) = lower(${shortName})
          and f.company_id <> ${exceptCompanyId ?? -1})`,
      })
      .from(sql`(select 1) as one`);
    return !!row?.taken;
  },

  async insertCompany(db: DbOrTx, values: { name: string; shortName: string }) {
    const [row] = await db.insert(companies).values(values).returning();
    authDataChanged();
    return row!;
  },

  /** renames; a changed short name is kept as a former one (and leaves that list when reused) */
  async updateCompany(
    db: DbOrTx,
    id: number,
    before: { shortName: string },
    values: { name?: string; shortName?: string },
  ) {
    if (values.shortName && values.shortName.toLowerCase() !== before.shortName.toLowerCase()) {
      await db
        .delete(companyShortNames)
        .where(
          and(
            eq(companyShortNames.companyId, id),
            sql`lower(${companyShortNames.shortName}) = lower(${values.shortName})`,
          ),
        );
      await db
        .insert(companyShortNames)
        .values({ shortName: before.shortName, companyId: id })
        .onConflictDoNothing();
    }
    await db.update(companies).set(values).where(eq(companies.id, id));
    authDataChanged();
  },

  /** members, bookings and company seminars of the company */
  async companyUsage(db: DbOrTx, id: number) {
    const [row] = await db
      .select({
        members: sql<number>`(select count(*)::int from ${companyUsers} m where m.company_id = ${id})`,
        bookings: sql<number>`(select count(*)::int from ${companyBookings} b where b.company_id = ${id})`,
        seminars: sql<number>`(select count(*)::int from ${seminars} s where s.company_id = ${id})`,
      })
      .from(sql`(select 1) as one`);
    return row!;
  },

  async deleteCompany(db: DbOrTx, id: number) {
    await db.delete(companies).where(eq(companies.id, id));
    authDataChanged();
  },

  async companyMembers(db: DbOrTx, companyId: number) {
    return db
      .select({
        id: users.id,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        scopes: users.scopes,
        manager: companyUsers.manager,
      })
      .from(companyUsers)
      .innerJoin(users, eq(users.id, companyUsers.userId))
      .where(eq(companyUsers.companyId, companyId))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  },

  async setManager(db: DbOrTx, companyId: number, userId: number, manager: boolean) {
    await db
      .update(companyUsers)
      .set({ manager })
      .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)));
    authDataChanged();
  },

  // seminars
  async listSeminars(db: DbOrTx, f: { q?: string; ownerId?: number; id?: number }, page: Page) {
    const conditions: SQL[] = [];
    if (f.id) conditions.push(eq(seminars.id, f.id));
    if (f.q) conditions.push(or(ilike(seminars.title, like(f.q)), ilike(seminars.slug, like(f.q)))!);
    if (f.ownerId) conditions.push(eq(seminars.ownerId, f.ownerId));
    const where = conditions.length ? and(...conditions) : undefined;
    return paged(
      db
        .select({
          seminar: seminars,
          owner: {
            id: users.id,
            username: users.username,
            firstName: users.firstName,
            lastName: users.lastName,
          },
          company: { id: companies.id, name: companies.name, shortName: companies.shortName },
          bookingsCount: personalLearnersCountSql(seminarIdCol),
          companyBookingsCount: sql<number>`(select count(*)::int from ${companyBookings} b where b.seminar_id = ${seminarIdCol})`,
          revenue: sql<number>`(select coalesce(sum(b.price), 0)::int from ${bookings} b where b.seminar_id = ${seminarIdCol}
            and b.status = 'paid')`,
        })
        .from(seminars)
        .innerJoin(users, eq(users.id, seminars.ownerId))
        .leftJoin(companies, eq(companies.id, seminars.companyId))
        .where(where)
        .orderBy(desc(seminars.createdAt), desc(seminars.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(seminars).where(where),
    );
  },

  async setSeminarOwner(db: DbOrTx, seminarId: number, ownerId: number) {
    await db.update(seminars).set({ ownerId, updatedAt: new Date() }).where(eq(seminars.id, seminarId));
  },

  // payments
  async listPayments(db: DbOrTx, f: PaymentFilter, page: Page) {
    const conditions: SQL[] = [];
    if (f.status) conditions.push(eq(payments.status, f.status));
    if (f.from) conditions.push(gte(payments.createdAt, f.from));
    if (f.to) conditions.push(lt(payments.createdAt, f.to));
    const where = conditions.length ? and(...conditions) : undefined;
    return paged(
      db
        .select({
          payment: payments,
          user: { id: users.id, username: users.username, email: users.email },
          seminar: { id: seminars.id, title: seminars.title, slug: seminars.slug },
        })
        .from(payments)
        .innerJoin(users, eq(users.id, payments.userId))
        .innerJoin(bookings, eq(bookings.id, payments.bookingId))
        .innerJoin(seminars, eq(seminars.id, bookings.seminarId))
        .where(where)
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(payments).where(where),
    );
  },
};
