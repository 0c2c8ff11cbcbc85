import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { seminars } from '../../db/schema/index.ts';

/** Issue 19: the seminars a person owns (exported; an owner must hand them over before deletion). */
export function seminarsPersonalData(db: Db) {
  return {
    async collectOwned(ownerId: number) {
      return db
        .select({
          id: seminars.id,
          slug: seminars.slug,
          title: seminars.title,
          price: seminars.price,
          currency: seminars.currency,
          is_public: seminars.isPublic,
          is_company: seminars.isCompany,
          company_id: seminars.companyId,
          created_at: seminars.createdAt,
          updated_at: seminars.updatedAt,
        })
        .from(seminars)
        .where(eq(seminars.ownerId, ownerId))
        .orderBy(asc(seminars.id));
    },
    async countOwned(ownerId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(seminars)
        .where(eq(seminars.ownerId, ownerId));
      return row?.n ?? 0;
    },
  };
}
