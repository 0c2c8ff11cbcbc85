import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, companyUsers, users } from '../../db/schema/index.ts';
import { authDataChanged } from '../../lib/auth-cache.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

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
  /** the ids of the admins whose accounts are active */
  async activeAdminIds(db: DbOrTx): Promise<number[]> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`'admin' = ANY(${users.scopes}) AND ${users.disabledAt} IS NULL`);
    return rows.map((r) => r.id);
  },
  async companiesOf(db: DbOrTx, userId: number) {
    return db
      .select({ id: companies.id, name: companies.name, shortName: companies.shortName })
      .from(companyUsers)
      .innerJoin(companies, eq(companies.id, companyUsers.companyId))
      .where(eq(companyUsers.userId, userId))
      .orderBy(asc(companies.name));
  },
};
