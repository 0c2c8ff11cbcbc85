import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, companyUsers } from '../../db/schema/index.ts';
import { authDataChanged } from '../../lib/auth-cache.ts';

export type CompanyRow = typeof companies.$inferSelect;

/** The only place that builds queries on companies and their members. */
export const companiesRepository = {
  async findById(db: DbOrTx, id: number): Promise<CompanyRow | undefined> {
    const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
    return row;
  },
  async findByShortName(db: DbOrTx, shortName: string): Promise<CompanyRow | undefined> {
    const [row] = await db
      .select()
      .from(companies)
      .where(sql`lower(${companies.shortName}) = lower(${shortName})`)
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
  async removeMember(db: DbOrTx, companyId: number, userId: number): Promise<void> {
    await db
      .delete(companyUsers)
      .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)));
    authDataChanged();
  },
};
