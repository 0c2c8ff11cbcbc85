import { and, asc, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern, type Page, pagedFromNearerEnd } from '../../db/query-helpers.ts';
import { companies, companyUsers, users } from '../../db/schema/index.ts';
import { authDataChanged } from '../../lib/auth-cache.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type Membership = { id: number; name: string; shortName: string; manager: boolean };

export interface UserFilter {
  q?: string;
  scope?: 'admin' | 'trainer' | 'corporateTraining' | 'student';
  companyId?: number;
  status?: 'active' | 'disabled' | 'unverified';
}

const userIdCol = sql.raw('"users"."id"');

/** the user's companies as JSON, for any number of users in one query */
const membershipsOf = sql<
  Membership[]
>`coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name,
  'shortName', c.short_name, 'manager', cu.manager) order by c.name)
  from ${companyUsers} cu join ${companies} c on c.id = cu.company_id where cu.user_id = ${userIdCol}), '[]'::json)`;

function userConditions(f: UserFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (f.q) {
    const q = containsPattern(f.q);
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
  return conditions.length ? and(...conditions) : undefined;
}

/** The only place that builds queries on the users table; every write signals authDataChanged. */
export const usersRepository = {
  async findByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  },
  async findById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  },
  async findByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    return row;
  },
  async usernameTaken(db: DbOrTx, username: string, exceptId?: number): Promise<boolean> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    return !!row && row.id !== exceptId;
  },
  async emailTaken(db: DbOrTx, email: string, exceptId?: number): Promise<boolean> {
    const row = await usersRepository.findByEmail(db, email);
    return !!row && row.id !== exceptId;
  },
  async insert(db: DbOrTx, values: NewUserRow): Promise<UserRow> {
    const [row] = await db.insert(users).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    authDataChanged();
    return row;
  },
  async update(db: DbOrTx, id: number, values: Partial<NewUserRow>): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    authDataChanged();
    return row;
  },
  /** every user matching the filter (the admin area), newest first, with their companies */
  async listWithMemberships(db: DbOrTx, f: UserFilter, page: Page) {
    const where = userConditions(f);
    // a hundred thousand accounts at scale (issue 39): a cheap total, the last pages from the end
    return pagedFromNearerEnd(
      db,
      page,
      db.select({ one: sql`1` }).from(users).where(where),
      (direction, window) =>
        db
          .select({ user: users, companies: membershipsOf })
          .from(users)
          .where(where)
          .orderBy(
            ...(direction === 'forward'
              ? [desc(users.createdAt), desc(users.id)]
              : [asc(users.createdAt), asc(users.id)]),
          )
          .limit(window.limit)
          .offset(window.offset),
    );
  },
  async findWithMemberships(db: DbOrTx, id: number) {
    const [row] = await db
      .select({ user: users, companies: membershipsOf })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return row;
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
  /** the ids of the admins whose accounts are active */
  async activeAdminIds(db: DbOrTx): Promise<number[]> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`'admin' = ANY(${users.scopes}) AND ${users.disabledAt} IS NULL`);
    return rows.map((r) => r.id);
  },
  /** the user's companies and whether they manage each (`manager`) */
  async companiesOf(db: DbOrTx, userId: number): Promise<Membership[]> {
    return db
      .select({
        id: companies.id,
        name: companies.name,
        shortName: companies.shortName,
        manager: companyUsers.manager,
      })
      .from(companyUsers)
      .innerJoin(companies, eq(companies.id, companyUsers.companyId))
      .where(eq(companyUsers.userId, userId))
      .orderBy(asc(companies.name));
  },
};
