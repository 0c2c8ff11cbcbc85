import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern, type Page, paged } from '../../db/query-helpers.ts';
import { companyUsers, users } from '../../db/schema/index.ts';
import type { MemberRow } from './companies.repository.ts';

/**
 * One page of a company's members sorted by name (last, first, id) and their number (issue 39):
 * `q` in the full name (first and last), username or e-mail, LIKE wildcards taken as plain characters. A
 * company has at most a few thousand members, so the offset and the exact count stay cheap.
 */
export async function membersPage(
  db: DbOrTx,
  companyId: number,
  f: { q?: string },
  page: Page,
): Promise<{ rows: MemberRow[]; total: number }> {
  const pattern = f.q ? containsPattern(f.q) : null;
  const where = and(
    eq(companyUsers.companyId, companyId),
    pattern
      ? or(
          sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
          ilike(users.username, pattern),
          ilike(users.email, pattern),
        )
      : undefined,
  );
  return paged(
    db
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
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(companyUsers)
      .innerJoin(users, eq(users.id, companyUsers.userId))
      .where(where),
  );
}
