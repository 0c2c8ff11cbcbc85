import { z } from 'zod';
import { SCOPES } from '../domain/scopes.ts';
import { encodeMessage as m } from '../i18n/messages.ts';
import { confirmed, email, password, personName, username } from './rules.ts';

const anyPassword = () =>
  z
    .string({ error: m('validation.required') })
    .min(1, { error: m('validation.required') })
    .max(1024, { error: m('validation.max', { max: 1024 }) });

export const loginBodySchema = z
  .object({
    email: email(),
    // never apply the password rule at login: old passwords must still work
    password: anyPassword(),
    remember: z.boolean().optional(),
    /** where the login form was asked to lead back to (issue 36): the answer's `landing` when on this site */
    redirect: z.string().max(2000).optional(),
  })
  .strict();
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registerBodySchema = z
  .object({
    username: username(),
    email: email(),
    first_name: personName(),
    last_name: personName(),
    password: password(),
    password_confirmation: z.string().max(1024),
    locale: z.enum(['de', 'en']).optional(),
  })
  .strict()
  .superRefine(confirmed('password'));
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const forgotPasswordBodySchema = z.object({ email: email() }).strict();

export const resetPasswordBodySchema = z
  .object({
    token: z
      .string({ error: m('validation.required') })
      .min(1, { error: m('validation.required') })
      .max(200),
    email: email(),
    password: password(),
    password_confirmation: z.string().max(1024),
  })
  .strict()
  .superRefine(confirmed('password'));
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const changePasswordBodySchema = z
  .object({
    current_password: anyPassword(),
    password: password(),
    password_confirmation: z.string().max(1024),
  })
  .strict()
  .superRefine(confirmed('password'));
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The text fields of the multipart `POST /api/user/update`. */
export const profileFieldsSchema = z.object({
  username: username(),
  email: email(),
  first_name: personName(),
  last_name: personName(),
  /** needed (and checked) only when `email` changes */
  current_password: z.string().max(1024).optional(),
});
export type ProfileFields = z.infer<typeof profileFieldsSchema>;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

export const companyRefSchema = z.object({ id: z.number().int(), name: z.string(), shortName: z.string() });

export const userDtoSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  scope: z.array(z.enum(SCOPES)),
  companies: z.array(companyRefSchema),
  email_verified_at: z.string().nullable(),
  avatar_url: z.string().nullable(),
  locale: z.enum(['de', 'en']),
});
export type UserDto = z.infer<typeof userDtoSchema>;

/**
 * The login's answer: the user, and where the web app leads them (issue 36): the body's `redirect`
 * when it stays on this site, else the role's page without the language prefix (`landingPath`).
 */
export const loginAnswerSchema = userDtoSchema.extend({ landing: z.string() });
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
