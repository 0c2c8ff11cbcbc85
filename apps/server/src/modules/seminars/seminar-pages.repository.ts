import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { seminars } from '../../db/schema/index.ts';

/** a public seminar's page as the sitemap lists it (the site module, issue 34) */
export interface SeminarPageRow {
  id: number;
  slug: string;
  updatedAt: Date;
}

/** the seminar pages a guest finds: read by the sitemap through the service */
export const seminarPagesRepository = {
  /** public seminars that are not a company's, by id: what the catalogue lists to a guest */
  async publicPages(db: DbOrTx): Promise<SeminarPageRow[]> {
    return db
      .select({ id: seminars.id, slug: seminars.slug, updatedAt: seminars.updatedAt })
      .from(seminars)
      .where(and(eq(seminars.isPublic, true), eq(seminars.isCompany, false)))
      .orderBy(asc(seminars.id));
  },
};
