import { z } from 'zod';
import { SEMINAR_LANGUAGES } from '../domain/catalogue.ts';
import { encodeMessage as m } from '../i18n/messages.ts';
import { pageQuery, paginated } from './common.ts';
import { ID_JSON_SCHEMA, id } from './rules.ts';

export const SEMINAR_TITLE_MAX = 200;
export const SEMINAR_DESCRIPTION_MAX = 50_000;
export const SEMINAR_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** prices in minor units (Rappen/cents); 0 = free */
export const PRICE_MAX = 10_000_000;

const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false', 'on'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on');

/** The text fields of multipart `POST /api/seminars` and `POST /api/seminars/update/{id}`. */
export const seminarFieldsSchema = z.object({
  title: z
    .string({ error: m('validation.required') })
    .trim()
    .min(1, { error: m('validation.required') })
    .max(SEMINAR_TITLE_MAX, { error: m('validation.max', { max: SEMINAR_TITLE_MAX }) }),
  description: z
    .string()
    .max(SEMINAR_DESCRIPTION_MAX, { error: m('validation.max', { max: SEMINAR_DESCRIPTION_MAX }) })
    .default(''),
  price: z.coerce
    .number({ error: m('validation.integer') })
    .int({ error: m('validation.integer') })
    .min(0, { error: m('validation.number_min', { min: 0 }) })
    .max(PRICE_MAX, { error: m('validation.number_max', { max: PRICE_MAX }) })
    .default(0),
  /** the language it is taught in; a create without it is German, an update keeps the current one */
  language: z.enum(SEMINAR_LANGUAGES, { error: m('validation.invalid') }).optional(),
  is_public: flag.default(false),
  isCompany: flag.default(false),
  /**
   * required when isCompany: the company the seminar is made for; `''` and `'null'` (what a form
   * sends for "no company") mean none, and the OpenAPI document says so
   */
  company_id: z
    .preprocess((v) => (v === '' || v === 'null' ? undefined : v), id().optional())
    .meta({
      anyOf: [
        ...ID_JSON_SCHEMA.anyOf,
        { type: 'string', enum: ['', 'null'], description: 'no company (what a form sends for none)' },
      ],
    }),
  /** update only: drop the current image */
  remove_image: flag.optional(),
});
export type SeminarFields = z.infer<typeof seminarFieldsSchema>;

export const bookedUserSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  booked_at: z.string(),
  status: z.string(),
});

/** `GET /api/seminars/{id}/bookings`: a page of one seminar's personal bookings, newest first */
export const seminarBookingsQuerySchema = pageQuery.extend({ q: z.string().trim().max(100).optional() });
export const seminarBookingsPageSchema = paginated(bookedUserSchema);
export type SeminarBookingsPage = z.infer<typeof seminarBookingsPageSchema>;

/**
 * The people embedded per seminar in the owner's lists of seminars (issue 39): the rest, a page at
 * a time, from `GET /api/seminars/{id}/bookings` and `/api/seminars/{id}/users/booked-company`.
 */
export const BOOKERS_PER_SEMINAR = 20;

export const seminarDtoSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  price: z.number().int(),
  currency: z.string(),
  /** the language it is taught in (issue 34) */
  language: z.enum(SEMINAR_LANGUAGES),
  is_public: z.boolean(),
  isCompany: z.boolean(),
  company_id: z.number().int().nullable(),
  owner: z.object({
    id: z.number().int(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    avatar_url: z.string().nullable(),
  }),
  created_at: z.string(),
  updated_at: z.string(),
  /** companies that booked it (companies issue); empty until then */
  companies: z.array(z.object({ id: z.number().int(), name: z.string(), shortName: z.string() })),
  /**
   * filled only for the owner's lists (GET /api/seminars/users/booked, /users-company/booked): the
   * first {@link BOOKERS_PER_SEMINAR} (issue 39)
   */
  users_booked_seminars: z.array(bookedUserSchema),
  users_booked_company_seminars: z.array(bookedUserSchema),
  bookings_count: z.number().int(),
  chapters_count: z.number().int(),
  /** the total length in seconds of its chapters' videos (issue 34); null when none is known */
  video_seconds: z.number().int().nullable(),
  /** what the caller may do (computed by the server's policies) */
  abilities: z.object({
    edit: z.boolean(),
    delete: z.boolean(),
    play: z.boolean(),
    book: z.boolean(),
    booked: z.boolean(),
  }),
});
export type SeminarDto = z.infer<typeof seminarDtoSchema>;

export const togglePublicBodySchema = z.object({ id: id() }).strict();
export const bookFreeBodySchema = z.object({ seminarId: id() }).strict();

export const bookingDtoSchema = z.object({
  id: z.number().int(),
  seminar_id: z.number().int(),
  user_id: z.number().int(),
  status: z.enum(['free', 'paid', 'pending', 'failed', 'canceled', 'expired', 'company']),
  price: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
});
export type BookingDto = z.infer<typeof bookingDtoSchema>;

export const seminarListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(12),
  q: z.string().trim().max(200).optional(),
});

export const publicProfileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar_url: z.string().nullable(),
  seminars: z.array(seminarDtoSchema),
});

export const todoSchema = z.object({
  seminar: z.object({ id: z.number().int(), title: z.string(), slug: z.string() }),
  total: z.number().int(),
  done: z.number().int(),
  open_chapters: z.array(
    z.object({ id: z.number().int(), label: z.string(), chapter_id: z.number().int().nullable() }),
  ),
});
