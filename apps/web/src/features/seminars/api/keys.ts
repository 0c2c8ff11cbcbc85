/** Query keys of the seminar queries (one root, so a change can refresh every list). */
export interface SeminarListParams {
  page: number;
  q?: string;
}

/** the guests' catalogue: search, filters and page, as in the page's address */
export interface CatalogueParams {
  page: number;
  q?: string;
  price?: 'free' | 'paid';
  lang?: 'de' | 'en';
}

export const seminarKeys = {
  all: ['seminars'] as const,
  lists: () => ['seminars', 'list'] as const,
  list: (params: SeminarListParams) => ['seminars', 'list', params] as const,
  /** below `lists()`, so every change that refreshes the lists refreshes the catalogue too */
  catalogue: (params: CatalogueParams) => ['seminars', 'list', 'catalogue', params] as const,
  rise: () => ['seminars', 'rise'] as const,
  owned: () => ['seminars', 'owned'] as const,
  booked: () => ['seminars', 'booked'] as const,
  /** the bookings of the seminars (a page of one: `GET /api/seminars/{id}/bookings`) */
  bookings: (seminarId?: number, query?: { page: number; q?: string }) =>
    seminarId === undefined
      ? (['seminars', 'bookings'] as const)
      : query === undefined
        ? (['seminars', 'bookings', seminarId] as const)
        : (['seminars', 'bookings', seminarId, query] as const),
  detail: (id: number) => ['seminars', 'detail', id] as const,
  slug: (slug: string) => ['seminars', 'slug', slug] as const,
};
