/**
 * The catalogue's fixed values, apart from its schemas (schemas/catalogue.ts): a page that shows
 * the languages or prices needs no zod (issue 34).
 */

/** The languages a seminar is taught in (issue 34: the catalogue's filter). */
export const SEMINAR_LANGUAGES = ['de', 'en'] as const;
export type SeminarLanguage = (typeof SEMINAR_LANGUAGES)[number];

/** The public catalogue's page size (`GET /api/seminars/catalogue`). */
export const CATALOGUE_PAGE_SIZE = 12;
/** The catalogue's short description: plain text, at most this many characters. */
export const CATALOGUE_SUMMARY_MAX = 200;
export const CATALOGUE_PRICES = ['free', 'paid'] as const;
export type CataloguePrice = (typeof CATALOGUE_PRICES)[number];
