import type { CataloguePage } from '@elearn/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type CatalogueParams, seminarKeys } from './keys';

/** `GET /api/seminars/catalogue?q=&price=&lang=&page=`: the guests' catalogue, 12 a page. */
export const getCatalogue = ({ page, q, price, lang }: CatalogueParams) =>
  api.get<CataloguePage>('/api/seminars/catalogue', {
    query: { page: page > 1 ? page : undefined, q: q || undefined, price, lang },
  });

export const catalogueQueryOptions = (params: CatalogueParams) =>
  queryOptions({
    queryKey: seminarKeys.catalogue(params),
    queryFn: () => getCatalogue(params),
    placeholderData: keepPreviousData,
  });

export const useCatalogue = (params: CatalogueParams) => useQuery(catalogueQueryOptions(params));

/**
 * The catalogue's parameters from a page address (`/seminar?q=…&price=free&lang=en&page=2`): a
 * value outside its set is dropped (no filter), a page that is no whole number ≥ 1 is page 1, so a
 * mistyped link still shows the catalogue.
 */
export function catalogueParamsOf(search: URLSearchParams): CatalogueParams {
  const page = Number(search.get('page'));
  const q = search.get('q')?.trim().slice(0, 200) || undefined;
  const price = search.get('price');
  const lang = search.get('lang');
  return {
    page: Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    ...(q ? { q } : {}),
    ...(price === 'free' || price === 'paid' ? { price } : {}),
    ...(lang === 'de' || lang === 'en' ? { lang } : {}),
  };
}

/** The query string of the catalogue's address for these parameters (`''` for the plain list). */
export function catalogueSearch(params: CatalogueParams): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.price) search.set('price', params.price);
  if (params.lang) search.set('lang', params.lang);
  if (params.page > 1) search.set('page', String(params.page));
  const text = search.toString();
  return text ? `?${text}` : '';
}
