/**
 * The form rules of spec section 5 as zod helpers. Their messages are encoded keys
 * (see `encodeMessage`), shown in German or English by the server's error handler and by the
 * web forms through `localizeMessage`.
 */
import { z } from 'zod';
import { encodeMessage as m } from '../i18n/messages.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

/**
 * `.meta()` of a schema goes into the OpenAPI document (a format or pattern the zod checks above
 * it enforce but JSON Schema cannot read from them), so the document is as strict as the server.
 */
export const NON_BLANK = { pattern: '\\S' } as const;

/** required: a non-empty (trimmed) string. */
export const required = (max = 255) =>
  z
    .string({ error: m('validation.required') })
    .trim()
    .min(1, { error: m('validation.required') })
    .max(max, { error: m('validation.max', { max }) })
    .meta(NON_BLANK);

/** email: a syntactically valid address, stored lower-cased. */
export const email = () =>
  z
    .string({ error: m('validation.required') })
    .trim()
    .min(1, { error: m('validation.required') })
    .max(EMAIL_MAX, { error: m('validation.max', { max: EMAIL_MAX }) })
    .pipe(z.email({ error: m('validation.email') }))
    .transform((v) => v.normalize('NFKC').toLowerCase())
    // the address zod accepts (a dot in the domain: `0@com` is refused), not any RFC 5322 address
    .meta({ format: 'email', pattern: z.regexes.email.source });

/** min: at least n characters. */
export const min = (n: number) => z.string().min(n, { error: m('validation.min', { min: n }) });

/** length: exactly n characters. */
export const length = (n: number) => z.string().length(n, { error: m('validation.length', { length: n }) });

/** alpha: letters only (any script). */
export const alpha = () => z.string().regex(/^\p{L}*$/u, { error: m('validation.alpha') });

/** regex: matches the pattern. */
export const regex = (pattern: RegExp) => z.string().regex(pattern, { error: m('validation.regex') });

/** is: equals the given value. */
export const is = (value: string) => z.string().refine((v) => v === value, { error: m('validation.is') });

/** is_not: differs from the given value. */
export const isNot = (value: string) =>
  z.string().refine((v) => v !== value, { error: m('validation.is_not') });

/** upCase: at least one capital letter ('Mindestens ein Grossbuchstabe benötigt'). */
export const upCase = () => z.string().regex(/\p{Lu}/u, { error: m('validation.upCase') });

/** The password rule: 8 to 256 characters and one capital letter. */
export const password = () =>
  z
    .string({ error: m('validation.required') })
    .min(1, { error: m('validation.required') })
    .min(PASSWORD_MIN, { error: m('validation.min', { min: PASSWORD_MIN }) })
    .max(PASSWORD_MAX, { error: m('validation.max', { max: PASSWORD_MAX }) })
    .regex(/\p{Lu}/u, { error: m('validation.upCase') });

/** confirmed: `field_confirmation` equals `field`; the error sits on the confirmation field. */
export function confirmed<T extends Record<string, unknown>>(field: keyof T & string) {
  return (value: T, ctx: z.RefinementCtx) => {
    if (value[field] !== value[`${field}_confirmation`]) {
      ctx.addIssue({ code: 'custom', path: [`${field}_confirmation`], message: m('validation.confirmed') });
    }
  };
}

export const username = () =>
  z
    .string({ error: m('validation.required') })
    .trim()
    .min(1, { error: m('validation.required') })
    .regex(/^[\p{L}\p{N}._-]{3,40}$/u, { error: m('validation.username') });

export const personName = () => required(NAME_MAX);

/** the largest id (PostgreSQL `integer`) */
export const ID_MAX = 2_147_483_647;
/** the decimal digits of 1 … 2147483647, nothing else */
export const ID_PATTERN =
  '^(?:[1-9]\\d{0,8}|1\\d{9}|20\\d{8}|21[0-3]\\d{7}|214[0-6]\\d{6}|2147[0-3]\\d{5}|21474[0-7]\\d{4}|214748[0-2]\\d{3}|2147483[0-5]\\d{2}|21474836[0-3]\\d|214748364[0-7])$';
/** what {@link id} accepts, for the OpenAPI document: an integer 1 … 2147483647 or its digits */
export const ID_JSON_SCHEMA = {
  anyOf: [
    { type: 'integer', minimum: 1, maximum: ID_MAX },
    { type: 'string', pattern: ID_PATTERN },
  ],
};

/**
 * An integer id from JSON or a path/query parameter: a JSON integer or a string of decimal
 * digits only. `0x10`, `1e3`, ` 7`, `[1]` or `true` are refused, not coerced (issue 11 item 20).
 */
export const id = () =>
  z
    .union([z.number(), z.string().regex(/^(0|[1-9]\d{0,9})$/)], { error: m('validation.integer') })
    .pipe(
      z.coerce
        .number<string | number>({ error: m('validation.integer') })
        .int({ error: m('validation.integer') })
        .positive({ error: m('validation.number_min', { min: 1 }) })
        .max(ID_MAX, { error: m('validation.number_max', { max: ID_MAX }) }),
    )
    .meta(ID_JSON_SCHEMA);

/** An http(s) URL only (no javascript:, data:, …). */
export const httpUrl = () =>
  z
    .string({ error: m('validation.required') })
    .trim()
    .max(2048, { error: m('validation.max', { max: 2048 }) })
    .refine(
      (v) => {
        try {
          const u = new URL(v);
          return u.protocol === 'http:' || u.protocol === 'https:';
        } catch {
          return false;
        }
      },
      { error: m('validation.url') },
    )
    .meta({ format: 'uri', pattern: '^[Hh][Tt][Tt][Pp][Ss]?://' });
