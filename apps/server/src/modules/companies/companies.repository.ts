import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  companies,
  companyPendingMembers,
  companyShortNames,
  companyUsers,
  users,
} from '../../db/schema/index.ts';
import { authDataChanged } from '../../lib/auth-cache.ts';

export type CompanyRow = typeof companies.$inferSelect;
export interface CompanyListRow extends CompanyRow {
  manager: boolean;
  membersCount: number;
}
export interface MemberRow {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  manager: boolean;
}

const membersCount = sql<number>`(select count(*)::int from ${companyUsers} m where m.company_id = ${sql.raw('"companies"."id"')})`;

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
};
