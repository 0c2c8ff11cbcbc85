import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, companyUsers, users } from '../../db/schema/index.ts';

/** a company's manager, to whom the weekly digest goes */
export interface CompanyManager {
  companyId: number;
  companyName: string;
  shortName: string;
  userId: number;
}

/**
 * Every company's managers (a corporateTraining member the company names as manager), for the
 * weekly digest of the notifications module (issue 36 item 6; the service's `managers`).
 */
export const companyManagers = (db: DbOrTx) => (): Promise<CompanyManager[]> =>
  db
    .select({
      companyId: companies.id,
      companyName: companies.name,
      shortName: companies.shortName,
      userId: companyUsers.userId,
    })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(and(eq(companyUsers.manager, true), sql`'corporateTraining' = any(${users.scopes})`))
    .orderBy(asc(companies.id), asc(companyUsers.userId));

/** whether the company exists (the remind route's 404) */
export const companyExists =
  (db: DbOrTx) =>
  async (id: number): Promise<boolean> => {
    const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).limit(1);
    return !!row;
  };
