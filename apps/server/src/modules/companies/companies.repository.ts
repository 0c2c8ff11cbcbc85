import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern, type Page, paged } from '../../db/query-helpers.ts';
import {
  companies,
  companyBookings,
  companyPendingMembers,
  companyShortNames,
  companyUsers,
  users,
} from '../../db/schema/index.ts';
import { authDataChanged } from '../../lib/auth-cache.ts';

export type CompanyRow = typeof companies.$inferSelect;
/** a company's postal address (issue 38): read by use-cases/company-address.ts, not in lists */
type AddressColumns =
  | 'addressStreet'
  | 'addressBuildingNumber'
  | 'addressPostalCode'
  | 'addressTown'
  | 'addressCountry';
export interface CompanyListRow extends Omit<CompanyRow, AddressColumns> {
  manager: boolean;
  membersCount: number;
}
export interface MemberRow {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  scopes: string[];
  manager: boolean;
}

const companyIdCol = sql.raw('"companies"."id"');
const membersCount = sql<number>`(select count(*)::int from ${companyUsers} m where m.company_id = ${companyIdCol})`;

/** The only place that builds queries on companies and their members. */
export const companiesRepository = {
  async findById(db: DbOrTx, id: number): Promise<CompanyRow | undefined> {
    const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
    return row;
  },
  /** id, name and short name of the given companies */
  async refsByIds(db: DbOrTx, ids: number[]): Promise<{ id: number; name: string; shortName: string }[]> {
    if (ids.length === 0) return [];
    return db
      .select({ id: companies.id, name: companies.name, shortName: companies.shortName })
      .from(companies)
      .where(inArray(companies.id, ids));
  },
  async findByShortName(db: DbOrTx, shortName: string): Promise<CompanyRow | undefined> {
    const [row] = await db
      .select()
      .from(companies)
      .where(sql`lower(${companies.shortName}) = lower(${shortName})`)
      .limit(1);
    return row;
  },
  /** by its current or a former short name (any case); the current one wins */
  async findByAnyShortName(db: DbOrTx, shortName: string): Promise<CompanyRow | undefined> {
    const [row] = await db
      .select()
      .from(companies)
      .where(
        or(
          sql`lower(${companies.shortName}) = lower(${shortName})`,
          sql`${companies.id} = (select f.company_id from ${companyShortNames} f
            where lower(f.short_name) = lower(${shortName}))`,
        ),
      )
      .orderBy(sql`lower(${companies.shortName}) = lower(${shortName}) desc`)
      .limit(1);
    return row;
  },
  async insert(db: DbOrTx, values: { name: string; shortName: string }): Promise<CompanyRow> {
    const [row] = await db.insert(companies).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    authDataChanged();
    return row;
  },
  async addMember(db: DbOrTx, companyId: number, userId: number, manager: boolean): Promise<void> {
    await db
      .insert(companyUsers)
      .values({ companyId, userId, manager })
      .onConflictDoUpdate({ target: [companyUsers.companyId, companyUsers.userId], set: { manager } });
    authDataChanged();
  },
  /** a membership that begins once the user's e-mail address is verified */
  async addPendingMember(db: DbOrTx, companyId: number, userId: number): Promise<void> {
    await db.insert(companyPendingMembers).values({ companyId, userId }).onConflictDoNothing();
  },
  /** turns the user's pending memberships into memberships (the address is verified) */
  async confirmPendingMembers(db: DbOrTx, userId: number): Promise<void> {
    const pending = await db
      .delete(companyPendingMembers)
      .where(eq(companyPendingMembers.userId, userId))
      .returning({ companyId: companyPendingMembers.companyId });
    if (pending.length === 0) return;
    await db
      .insert(companyUsers)
      .values(pending.map((p) => ({ companyId: p.companyId, userId, manager: false })))
      .onConflictDoNothing();
    authDataChanged();
  },
  /** the companies of `userId` with its manager flag; every company (manager false) when `userId` is null */
  async listFor(db: DbOrTx, userId: number | null, onlyId?: number): Promise<CompanyListRow[]> {
    const manager =
      userId === null
        ? sql<boolean>`false`
        : sql<boolean>`coalesce((select m.manager from ${companyUsers} m where m.company_id = ${sql.raw('"companies"."id"')} and m.user_id = ${userId}), false)`;
    const query = db
      .select({
        id: companies.id,
        name: companies.name,
        shortName: companies.shortName,
        createdAt: companies.createdAt,
        payByInvoice: companies.payByInvoice,
        manager,
        membersCount,
      })
      .from(companies);
    if (onlyId !== undefined) return query.where(eq(companies.id, onlyId));
    return userId === null
      ? query.orderBy(asc(companies.name))
      : query
          .where(
            sql`exists (select 1 from ${companyUsers} m where m.company_id = ${sql.raw('"companies"."id"')} and m.user_id = ${userId})`,
          )
          .orderBy(asc(companies.name));
  },
  async members(db: DbOrTx, companyId: number): Promise<MemberRow[]> {
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
  /** the ids among `userIds` that are members of the company */
  async memberIds(db: DbOrTx, companyId: number, userIds: number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await db
      .select({ id: companyUsers.userId })
      .from(companyUsers)
      .where(and(eq(companyUsers.companyId, companyId), inArray(companyUsers.userId, userIds)));
    return new Set(rows.map((r) => r.id));
  },
  async removeMember(db: DbOrTx, companyId: number, userId: number): Promise<void> {
    await db
      .delete(companyUsers)
      .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)));
    authDataChanged();
  },

  // the admin area
  /** companies by name or short name (or one by id) with their counts, managers and former short names */
  async adminList(db: DbOrTx, f: { q?: string; id?: number }, page: Page) {
    const where = f.id
      ? eq(companies.id, f.id)
      : f.q
        ? or(ilike(companies.name, containsPattern(f.q)), ilike(companies.shortName, containsPattern(f.q)))
        : undefined;
    return paged(
      db
        .select({
          company: companies,
          membersCount,
          managers: sql<
            { id: number; username: string; first_name: string; last_name: string }[]
          >`coalesce((select json_agg(json_build_object('id', u.id, 'username', u.username,
            'first_name', u.first_name, 'last_name', u.last_name) order by u.last_name)
            from ${companyUsers} m join ${users} u on u.id = m.user_id
            where m.company_id = ${companyIdCol} and m.manager), '[]'::json)`,
          bookingsCount: sql<number>`(select count(*)::int from ${companyBookings} b where b.company_id = ${companyIdCol})`,
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

  /** renames; a changed short name is kept as a former one (and leaves that list when reused) */
  async rename(
    db: DbOrTx,
    id: number,
    before: { shortName: string },
    values: { name?: string; shortName?: string },
  ): Promise<void> {
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

  /** members and bookings of the company */
  async usage(db: DbOrTx, id: number): Promise<{ members: number; bookings: number }> {
    const [row] = await db
      .select({
        members: sql<number>`(select count(*)::int from ${companyUsers} m where m.company_id = ${id})`,
        bookings: sql<number>`(select count(*)::int from ${companyBookings} b where b.company_id = ${id})`,
      })
      .from(sql`(select 1) as one`);
    return row!;
  },

  async delete(db: DbOrTx, id: number): Promise<void> {
    await db.delete(companies).where(eq(companies.id, id));
    authDataChanged();
  },

  async setManager(db: DbOrTx, companyId: number, userId: number, manager: boolean): Promise<void> {
    await db
      .update(companyUsers)
      .set({ manager })
      .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)));
    authDataChanged();
  },
};
