import { z } from 'zod';
import { encodeMessage as m } from '../i18n/messages.ts';
import { companyRefSchema, registerBodySchema } from './auth.ts';
import { chapterDtoSchema } from './chapter.ts';
import { pageQuery, paginated } from './common.ts';
import { email, ID_MAX, id } from './rules.ts';
import { seminarDtoSchema } from './seminar.ts';
import { dueDate } from './team.ts';
import { voucherCodeSchema } from './vouchers.ts';

/** Contract: docs/api/companies.md */

export const ACCESS_LINK_DAYS_DEFAULT = 14;
export const INVITATION_DAYS_DEFAULT = 30;
export const LINK_DAYS_MAX = 90;

const days = (fallback: number) =>
  z.coerce
    .number({ error: m('validation.integer') })
    .int({ error: m('validation.integer') })
    .min(1, { error: m('validation.number_min', { min: 1 }) })
    .max(LINK_DAYS_MAX, { error: m('validation.number_max', { max: LINK_DAYS_MAX }) })
    .default(fallback);

const userIds = z
  .array(id(), { error: m('validation.required') })
  .min(1, { error: m('validation.required') })
  .max(500, { error: m('validation.max_items', { max: 500 }) });

export const companyDtoSchema = companyRefSchema.extend({
  /** the company names the caller as a manager (admins: every company of the list) */
  manager: z.boolean(),
  members_count: z.number().int(),
  /** what the caller may do with this company, as the server's company policy decides it */
  abilities: z.object({ manage: z.boolean() }),
});
export type CompanyDto = z.infer<typeof companyDtoSchema>;

export const companySeminarDtoSchema = seminarDtoSchema.extend({
  /** the company's booking of this seminar, when it has one */
  company_booking: z.object({ id: z.number().int(), status: z.string(), created_at: z.string() }).nullable(),
});
export type CompanySeminarDto = z.infer<typeof companySeminarDtoSchema>;

export const employeeTestSchema = z.object({
  mc_test_id: z.number().int(),
  label: z.string(),
  achievedPercent: z.number(),
  accomp: z.boolean(),
  passed: z.boolean(),
});
export const employeeDtoSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  manager: z.boolean(),
  seminars: z.array(
    z.object({
      booking_id: z.number().int(),
      seminar: z.object({ id: z.number().int(), title: z.string(), slug: z.string() }),
      chapters_total: z.number().int(),
      chapters_done: z.number().int(),
      tests: z.array(employeeTestSchema),
    }),
  ),
});
export type EmployeeDto = z.infer<typeof employeeDtoSchema>;
/**
 * `GET /api/companies/{id}/users?page=&per_page=&q=` (issue 39): a page of the members, sorted by
 * name, `q` in name, username or e-mail
 */
export const employeesQuerySchema = pageQuery.extend({ q: z.string().trim().max(100).optional() });
export type EmployeesQuery = z.input<typeof employeesQuerySchema>;
export const employeePageSchema = paginated(employeeDtoSchema);
export type EmployeePage = z.infer<typeof employeePageSchema>;

export const addMemberBodySchema = z.object({ email: email() }).strict();
/** days an invitation of a member by e-mail stays valid */
export const MEMBER_INVITATION_DAYS = 14;
/** an invitation of a member by e-mail, as its company's managers see it */
export const memberInvitationDtoSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
});
export type MemberInvitationDto = z.infer<typeof memberInvitationDtoSchema>;
/** what the invitation link shows to its holder (`GET /api/company-invitations/{token}`) */
export const memberInvitationInfoSchema = z.object({
  company: z.object({ name: z.string(), shortName: z.string() }),
  email: z.string(),
  expires_at: z.string(),
});
export type MemberInvitationInfo = z.infer<typeof memberInvitationInfoSchema>;
export const memberInvitationAcceptedSchema = z.object({ message: z.string(), company: companyRefSchema });
export const invitationBodySchema = z
  .object({ expires_in_days: days(INVITATION_DAYS_DEFAULT) })
  .strict()
  .default({ expires_in_days: INVITATION_DAYS_DEFAULT });
export const invitationCreatedSchema = z.object({
  url: z.string(),
  token: z.string(),
  expires_at: z.string(),
});
export const invitationStateSchema = z.object({
  active: z.boolean(),
  expires_at: z.string().nullable(),
  created_at: z.string().nullable(),
});
export const invitationInfoSchema = z.object({
  company: z.object({ name: z.string(), shortName: z.string() }),
  expires_at: z.string(),
});

/** `POST /api/companies/register`: the registration fields plus the invitation token */
export const companyRegisterBodySchema = registerBodySchema.safeExtend({
  token: z
    .string({ error: m('validation.required') })
    .min(1, { error: m('validation.required') })
    .max(200),
});
export type CompanyRegisterBody = z.infer<typeof companyRegisterBodySchema>;

export const companyBookingBodySchema = z.object({ seminarId: id(), companyId: id() }).strict();
/**
 * `POST /api/companies/booking/now`: a company checkout, with the buyer's optional reference or
 * purchase order number printed on the invoice (issue 38)
 */
export const companyCheckoutBodySchema = z
  .object({
    seminarId: id(),
    companyId: id(),
    reference: z
      .string()
      .trim()
      .max(64, { error: m('validation.max', { max: 64 }) })
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .strict();
/**
 * `POST /api/companies/booking/now`: the company checkout by card may carry a voucher code, with
 * the caps and validity of a person's checkout (issue 38 item 5); one paying it all books at once
 */
export const companyCardCheckoutBodySchema = companyCheckoutBodySchema.extend({
  voucherCode: voucherCodeSchema().optional(),
});
/**
 * `POST /api/companies/booking/invoice`: the same voucher code on a purchase by invoice (issue 38
 * item 5); the open invoice shows its line, one paying it all books at once with an invoice of 0
 */
export const companyInvoiceCheckoutBodySchema = companyCardCheckoutBodySchema;
export const companyBookingDtoSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  created_at: z.string(),
  company: companyRefSchema,
  seminar: seminarDtoSchema,
  assigned_count: z.number().int(),
});
export type CompanyBookingDto = z.infer<typeof companyBookingDtoSchema>;

export const assignBodySchema = z.object({ users: userIds, seminarId: id(), companyId: id() }).strict();
export type AssignBody = z.infer<typeof assignBodySchema>;
/** assigning may set the due date (YYYY-MM-DD, issue 36 item 5) of every employee named at once */
export const assignSeminarBodySchema = z
  .object({ users: userIds, seminarId: id(), companyId: id(), due_date: dueDate().nullable().optional() })
  .strict();
export type AssignSeminarBody = z.infer<typeof assignSeminarBodySchema>;
export const assignResultSchema = z.object({
  assigned: z.array(z.object({ user_id: z.number().int(), booking_id: z.number().int() })),
});
export const unassignResultSchema = z.object({ unassigned: z.array(z.number().int()) });

export const seminarCompanyRowSchema = z.object({
  company: companyRefSchema,
  booking_id: z.number().int(),
  status: z.string(),
  created_at: z.string(),
  assigned_count: z.number().int(),
});
export const companyAssignmentSchema = z.object({
  booking_id: z.number().int(),
  assigned_at: z.string(),
  /** the manager's due date (YYYY-MM-DD, Europe/Zurich; issue 36 item 5), null: none */
  due_date: z.string().nullable(),
  company: companyRefSchema,
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
  }),
});
export type CompanyAssignment = z.infer<typeof companyAssignmentSchema>;
/**
 * `GET /api/seminars/{id}/users/booked-company?page=&per_page=&q=&company_id=&users=` (issue 39):
 * a page of the seminar's company assignments sorted by company and name; `q` in name, username
 * or e-mail; `company_id` one company's; `users` (comma-separated ids, at most 100) only those
 * employees' (the assign page asks for the employees it shows)
 */
export const companyAssignmentsQuerySchema = pageQuery.extend({
  q: z.string().trim().max(100).optional(),
  company_id: id().optional(),
  users: z
    .string()
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,99}$/, { error: m('validation.invalid') })
    .refine((v) => v.split(',').every((n) => Number(n) <= ID_MAX), { error: m('validation.invalid') })
    .optional(),
});
export type CompanyAssignmentsQuery = z.input<typeof companyAssignmentsQuerySchema>;
export const companyAssignmentPageSchema = paginated(companyAssignmentSchema);
export type CompanyAssignmentPage = z.infer<typeof companyAssignmentPageSchema>;

export const generateAccessLinkBodySchema = z
  .object({ seminarId: id(), userBookedId: id(), expires_in_days: days(ACCESS_LINK_DAYS_DEFAULT) })
  .strict();
export const accessLinkDtoSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  status: z.enum(['active', 'expired', 'revoked']),
  expires_at: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  seminar: z.object({ id: z.number().int(), title: z.string(), slug: z.string() }),
  employee: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    username: z.string(),
  }),
  company: companyRefSchema,
});
export type AccessLinkDto = z.infer<typeof accessLinkDtoSchema>;

export const accessLinkPlaySchema = z.object({
  seminar: z.object({ id: z.number().int(), title: z.string(), slug: z.string(), description: z.string() }),
  chapters: z.array(chapterDtoSchema),
  expires_at: z.string(),
  employee: z.object({ first_name: z.string() }),
});
export type AccessLinkPlay = z.infer<typeof accessLinkPlaySchema>;
