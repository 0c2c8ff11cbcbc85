import { z } from 'zod';
import { CATALOGUE_PRICES, SEMINAR_LANGUAGES } from '../domain/catalogue.ts';
import { encodeMessage as m } from '../i18n/messages.ts';
import { paginated } from './common.ts';

/** an empty value (`?price=`, what a form sends for "any") means no filter */
const emptyIsNone = (v: unknown) => (v === '' ? undefined : v);
const invalid = { error: m('validation.invalid') };

/**
 * `GET /api/seminars/catalogue?q=&price=free|paid&lang=de|en&page=N`: the guests' catalogue.
 * Other parameters are ignored (a shared link may carry tracking ones); a known one with a value
 * outside its set is a 422.
 */
export const catalogueQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(200, { error: m('validation.max', { max: 200 }) })
    .optional(),
  price: z.preprocess(emptyIsNone, z.enum(CATALOGUE_PRICES, invalid).optional()),
  lang: z.preprocess(emptyIsNone, z.enum(SEMINAR_LANGUAGES, invalid).optional()),
  page: z.coerce
    .number({ error: m('validation.integer') })
    .int({ error: m('validation.integer') })
    .min(1, { error: m('validation.number_min', { min: 1 }) })
    .max(100_000, { error: m('validation.number_max', { max: 100_000 }) })
    .default(1),
});
export type CatalogueQuery = z.infer<typeof catalogueQuerySchema>;

/** One seminar of the catalogue: what a card shows, nothing the guest may not see. */
export const catalogueSeminarSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** the description as plain text, cut to CATALOGUE_SUMMARY_MAX characters at a word */
  summary: z.string(),
  image_url: z.string().nullable(),
  /** minor units; 0 = free */
  price: z.number().int(),
  currency: z.string(),
  language: z.enum(SEMINAR_LANGUAGES),
  chapters_count: z.number().int(),
  /** the total length in seconds of its videos; null when none is known */
  video_seconds: z.number().int().nullable(),
  trainer: z.object({ id: z.number().int(), username: z.string(), name: z.string() }),
  created_at: z.string(),
});
export type CatalogueSeminar = z.infer<typeof catalogueSeminarSchema>;

export const cataloguePageSchema = paginated(catalogueSeminarSchema);
export type CataloguePage = z.infer<typeof cataloguePageSchema>;
