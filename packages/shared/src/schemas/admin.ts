import { z } from 'zod';
import { SCOPES } from '../domain/scopes.ts';
import { encodeMessage as m } from '../i18n/messages.ts';
import { companyRefSchema } from './auth.ts';
import { pageQuery, paginated } from './common.ts';
import { email, id, required } from './rules.ts';

/** Contract: docs/api/admin.md */

/** A calendar day that exists: `2025-02-30` is refused, not rolled over to 2 March. */
export const isCalendarDay = (v: string): boolean => {
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
};
const dateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: m('validation.date') })
  .refine(isCalendarDay, { error: m('validation.date') })
  .meta({ format: 'date' });

export const adminUserQuerySchema = pageQuery.extend({
  q: z.string().trim().max(200).optional(),
  scope: z.enum([...SCOPES, 'student']).optional(),
  company_id: id().optional(),
  status: z.enum(['active', 'disabled', 'unverified']).optional(),
});

export const adminUserDtoSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  scopes: z.array(z.enum(SCOPES)),
  disabled: z.boolean(),
  email_verified: z.boolean(),
  created_at: z.string(),
  companies: z.array(companyRefSchema.extend({ manager: z.boolean() })),
});
export type AdminUserDto = z.infer<typeof adminUserDtoSchema>;

export const adminUserDetailDtoSchema = adminUserDtoSchema.extend({
  bookings: z.array(
    z.object({
      id: z.number().int(),
      seminar: z.object({ id: z.number().int(), title: z.string(), slug: z.string() }),
      status: z.string(),
      price: z.number().int(),
      currency: z.string(),
      created_at: z.string(),
    }),
  ),
  test_results: z.array(
    z.object({
      run_id: z.number().int(),
      mc_test: z.object({ id: z.number().int(), label: z.string() }),
      achievedPercent: z.number(),
      accomp: z.boolean(),
      passed: z.boolean(),
      stopped_at: z.string(),
    }),
  ),
});
export type AdminUserDetailDto = z.infer<typeof adminUserDetailDtoSchema>;

export const setScopesBodySchema = z
  .object({
    scopes: z
      .array(z.enum(SCOPES, { error: m('admin.unknown_scope') }), { error: m('validation.required') })
      .max(3),
  })
  .strict();

export const shortNameRule = () =>
  z
    .string({ error: m('validation.required') })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9_-]{2,40}$/, { error: m('company.short_name_format') });

export const adminCompanyQuerySchema = pageQuery.extend({ q: z.string().trim().max(200).optional() });
export const createCompanyBodySchema = z.object({ name: required(200), shortName: shortNameRule() }).strict();
export const updateCompanyBodySchema = z
  .object({ name: required(200).optional(), shortName: shortNameRule().optional() })
  .strict();

export const adminCompanyDtoSchema = companyRefSchema.extend({
  created_at: z.string(),
  members_count: z.number().int(),
  managers: z.array(
    z.object({ id: z.number().int(), username: z.string(), first_name: z.string(), last_name: z.string() }),
  ),
  bookings_count: z.number().int(),
  seminars_count: z.number().int(),
  former_short_names: z.array(z.string()),
});
export type AdminCompanyDto = z.infer<typeof adminCompanyDtoSchema>;

export const adminMemberDtoSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  scopes: z.array(z.enum(SCOPES)),
  manager: z.boolean(),
});
export type AdminMemberDto = z.infer<typeof adminMemberDtoSchema>;
/**
 * `GET /api/admin/companies/{id}/members?page=&per_page=&q=` (issue 39): a page of the members
 * sorted by name, `q` in name, username or e-mail
 */
export const adminMembersQuerySchema = pageQuery.extend({ q: z.string().trim().max(100).optional() });
export const adminMemberPageSchema = paginated(adminMemberDtoSchema);
export type AdminMemberPage = z.infer<typeof adminMemberPageSchema>;
export const adminAddMemberBodySchema = z
  .object({ email: email(), manager: z.boolean().default(false) })
  .strict();
export const setManagerBodySchema = z.object({ manager: z.boolean() }).strict();

export const adminSeminarQuerySchema = pageQuery.extend({
  q: z.string().trim().max(200).optional(),
  owner_id: id().optional(),
});
export const adminSeminarDtoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  is_public: z.boolean(),
  isCompany: z.boolean(),
  company: companyRefSchema.nullable(),
  owner: z.object({
    id: z.number().int(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
  }),
  price: z.number().int(),
  currency: z.string(),
  bookings_count: z.number().int(),
  company_bookings_count: z.number().int(),
  revenue: z.number().int(),
  created_at: z.string(),
});
export type AdminSeminarDto = z.infer<typeof adminSeminarDtoSchema>;
export const setOwnerBodySchema = z.object({ owner_id: id() }).strict();

export const adminPaymentQuerySchema = pageQuery.extend({
  status: z.enum(['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired']).optional(),
  from: dateOnly.optional(),
  to: dateOnly.optional(),
});
export const adminPaymentDtoSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  provider: z.string(),
  provider_id: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  user: z.object({ id: z.number().int(), username: z.string(), email: z.string() }),
  seminar: z.object({ id: z.number().int(), title: z.string(), slug: z.string() }),
  booking_id: z.number().int(),
});
export type AdminPaymentDto = z.infer<typeof adminPaymentDtoSchema>;

export const AUDIT_ACTIONS = [
  'user.scopes',
  'user.disabled',
  'user.enabled',
  'user.verification_sent',
  'user.password_reset',
  'company.created',
  'company.updated',
  'company.deleted',
  'company.member_added',
  'company.member_removed',
  'company.manager_set',
  'seminar.owner_changed',
  'graduation.confirmed',
  'graduation.unconfirmed',
  // privacy (issue 19)
  'user.export_requested',
  'user.deletion_requested',
  'user.deletion_canceled',
  'user.erased',
  'certificate.revoked',
  // the job queue (issue 35)
  'job.retried',
  'job.discarded',
  'job.run',
  // a manager's reminder to an employee (issue 36 item 7)
  'user.reminded',
  // a manager sets or clears an assignment's due date (issue 36 item 5)
  'assignment.due_date_set',
  // an admin saves the seller on the invoices (issue 38 item 1)
  'seller.updated',
  // extra minutes on a test's time limit for one learner (issue 37 item 1)
  'mc_test.time_granted',
  // an admin refunds a payment, an amount or a line of it (issue 38 item 6)
  'payment.refunded',
  // pay by invoice (issue 38 item 3): an admin allows a company, an invoice is marked paid
  'company.pay_by_invoice',
  'invoice.paid',
  // an admin or a manager changes a company's postal address (issue 38)
  'company.address',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditQuerySchema = pageQuery.extend({
  action: z.enum(AUDIT_ACTIONS).optional(),
  actor_id: id().optional(),
  target_type: z
    .enum(['user', 'company', 'seminar', 'graduation', 'certificate', 'job', 'seller', 'payment', 'invoice'])
    .optional(),
  from: dateOnly.optional(),
  to: dateOnly.optional(),
});
export const auditEntryDtoSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.number().int().nullable(),
  target_label: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntryDto = z.infer<typeof auditEntryDtoSchema>;

/** the job queue per kind (issue 35): waiting, running and failed jobs */
export const jobKindStatsDtoSchema = z.object({
  kind: z.string(),
  /** waiting to run (new, or waiting for a retry) */
  queued: z.number().int(),
  active: z.number().int(),
  /** in the dead-letter state: retried or discarded by an admin */
  failed: z.number().int(),
  /** seconds since the oldest due job was queued (0: none waiting) */
  oldest_waiting_seconds: z.number().int(),
  /** its schedule (cron, UTC) when it runs on one; an admin may run it now */
  schedule: z.string().nullable(),
});
/** `POST /api/admin/jobs/run`: a scheduled job of this kind now (as if its time had come) */
export const jobRunBodySchema = z.strictObject({ kind: z.string().min(1).max(100) });
export type JobKindStatsDto = z.infer<typeof jobKindStatsDtoSchema>;

export const failedJobQuerySchema = pageQuery.extend({
  kind: z.string().max(100).optional(),
});
/** a failed job without its payload (it may hold personal data) */
export const failedJobDtoSchema = z.object({
  id: z.string(),
  kind: z.string(),
  last_error: z.string(),
  attempts: z.number().int(),
  created_at: z.string(),
  failed_at: z.string(),
});
export type FailedJobDto = z.infer<typeof failedJobDtoSchema>;
