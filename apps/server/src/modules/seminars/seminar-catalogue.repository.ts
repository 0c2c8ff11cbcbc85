import type { CatalogueQuery } from '@elearn/shared';
import { and, desc, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern, type Page, paged } from '../../db/query-helpers.ts';
import { chapters, seminars, users } from '../../db/schema/index.ts';
import { videoSecondsSql } from './seminars.video-length.ts';

/** what a card of the public catalogue is made from (issue 34) */
export interface CatalogueRow {
  id: number;
  slug: string;
  title: string;
  /** the start of the description (HTML), enough for the card's short text */
  descriptionStart: string;
  imagePath: string | null;
  updatedAt: Date;
  createdAt: Date;
  price: number;
  currency: string;
  language: string;
  chaptersCount: number;
  videoSeconds: number | null;
  trainer: { id: number; username: string; firstName: string; lastName: string };
}

/** the HTML read for a card's short text: its plain text is cut far shorter */
const DESCRIPTION_START = 2000;
// qualified explicitly: the page's ids and the seminars are joined in the outer query
const seminarIdCol = sql.raw('"seminars"."id"');

/** public, not a company's, and matching the guest's search and filters */
function catalogueWhere(f: Omit<CatalogueQuery, 'page'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(seminars.isPublic, true), eq(seminars.isCompany, false)];
  const q = f.q?.trim();
  if (q) {
    const like = containsPattern(q);
    conditions.push(or(ilike(seminars.title, like), ilike(seminars.description, like)));
  }
  if (f.price === 'free') conditions.push(eq(seminars.price, 0));
  if (f.price === 'paid') conditions.push(gt(seminars.price, 0));
  if (f.lang) conditions.push(eq(seminars.language, f.lang));
  return and(...conditions);
}

/** The guests' catalogue: read by the seminars module's catalogue use case only. */
export const seminarCatalogueRepository = {
  /**
   * One page of the catalogue, newest first, and the number of all matches: two queries. The
   * page's ids come first (a CTE over the partial index `seminars_public_created_idx`, scanned
   * backwards), so the counts, the video total and the trainer are computed for its rows only,
   * also on page 800 of 10,000.
   */
  async page(db: DbOrTx, f: Omit<CatalogueQuery, 'page'>, page: Page) {
    const where = catalogueWhere(f);
    const ids = db.$with('catalogue_page').as(
      db
        .select({ pageId: sql<number>`${seminars.id}`.as('page_id') })
        .from(seminars)
        .where(where)
        .orderBy(desc(seminars.createdAt), desc(seminars.id))
        .limit(page.limit)
        .offset(page.offset),
    );
    const rows = db
      .with(ids)
      .select({
        id: seminars.id,
        slug: seminars.slug,
        title: seminars.title,
        descriptionStart: sql<string>`left(${seminars.description}, ${sql.raw(String(DESCRIPTION_START))})`,
        imagePath: seminars.imagePath,
        updatedAt: seminars.updatedAt,
        createdAt: seminars.createdAt,
        price: seminars.price,
        currency: seminars.currency,
        language: seminars.language,
        chaptersCount: sql<number>`(select count(*)::int from ${chapters} c where c.seminar_id = ${seminarIdCol})`,
        videoSeconds: videoSecondsSql(seminarIdCol),
        trainer: {
          id: users.id,
          username: users.username,
          firstName: users.firstName,
          lastName: users.lastName,
        },
      })
      .from(ids)
      .innerJoin(seminars, eq(seminars.id, ids.pageId))
      .innerJoin(users, eq(users.id, seminars.ownerId))
      .orderBy(desc(seminars.createdAt), desc(seminars.id));
    return paged<CatalogueRow>(
      rows,
      db.select({ n: sql<number>`count(*)::int` }).from(seminars).where(where),
    );
  },
};
