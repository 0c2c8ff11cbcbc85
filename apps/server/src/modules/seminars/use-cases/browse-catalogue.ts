import {
  CATALOGUE_PAGE_SIZE,
  CATALOGUE_SUMMARY_MAX,
  type CataloguePage,
  type CatalogueQuery,
  plainText,
  type SeminarLanguage,
} from '@elearn/shared';
import { type CatalogueRow, seminarCatalogueRepository as repo } from '../seminar-catalogue.repository.ts';
import { iso, type SeminarsContext } from '../seminars.context.ts';
import { seminarImageUrl } from '../seminars.dto.ts';

const card = (r: CatalogueRow): CataloguePage['data'][number] => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  summary: plainText(r.descriptionStart, CATALOGUE_SUMMARY_MAX),
  image_url: seminarImageUrl(r.id, r.imagePath, r.updatedAt),
  price: r.price,
  currency: r.currency,
  language: r.language as SeminarLanguage,
  chapters_count: r.chaptersCount,
  video_seconds: r.videoSeconds,
  trainer: {
    id: r.trainer.id,
    username: r.trainer.username,
    name: `${r.trainer.firstName} ${r.trainer.lastName}`.trim() || r.trainer.username,
  },
  created_at: iso(r.createdAt),
});

/**
 * The guests' catalogue (issue 34): public seminars that are not a company's, newest first, a
 * page of CATALOGUE_PAGE_SIZE at a time, searched and filtered. The same for every caller (no
 * abilities in it), so a page is kept for two seconds and dropped at every seminar change.
 */
export async function browseCatalogue(ctx: SeminarsContext, query: CatalogueQuery): Promise<CataloguePage> {
  const filters = { q: query.q?.trim() || undefined, price: query.price, lang: query.lang };
  const { rows, total } = await ctx.guestCatalogue.get(
    JSON.stringify([query.page, filters.q ?? '', filters.price ?? '', filters.lang ?? '']),
    () =>
      repo.page(ctx.db, filters, {
        limit: CATALOGUE_PAGE_SIZE,
        offset: (query.page - 1) * CATALOGUE_PAGE_SIZE,
      }),
  );
  return {
    data: rows.map(card),
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE)),
    per_page: CATALOGUE_PAGE_SIZE,
    total,
  };
}
