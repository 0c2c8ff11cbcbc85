import {
  type AdminCompanyDto,
  type AdminMemberDto,
  type AdminSeminarDto,
  type AdminUserDto,
  SCOPES,
  type Scope,
} from '@elearn/shared';
import { notFound } from '../../errors.ts';
import type { SeminarsService } from '../seminars/seminars.service.ts';
import { type Membership, type UserRow, usersService as users } from '../users/users.service.ts';
import { type AdminContext, iso } from './admin.context.ts';

export function userDto(row: { user: UserRow; companies: Membership[] }): AdminUserDto {
  const u = row.user;
  return {
    id: u.id,
    username: u.username,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    scopes: u.scopes.filter((s): s is Scope => (SCOPES as readonly string[]).includes(s)),
    disabled: u.disabledAt !== null,
    email_verified: u.emailVerifiedAt !== null,
    created_at: iso(u.createdAt),
    companies: row.companies,
  };
}

export async function userRow(ctx: AdminContext, id: number) {
  const row = await users.findWithMemberships(ctx.db, id);
  if (!row) throw notFound();
  return row;
}

export async function companyRow(ctx: AdminContext, id: number) {
  const company = await ctx.membership.find(id);
  if (!company) throw notFound();
  return company;
}

export async function companyDto(ctx: AdminContext, id: number): Promise<AdminCompanyDto> {
  const { rows } = await ctx.membership.list({ id }, { limit: 1, offset: 0 });
  const [dto] = await companyDtos(ctx, rows);
  if (!dto) throw notFound();
  return dto;
}

/** list rows of companies with the number of seminars made for each (from the seminars module) */
export async function companyDtos(
  ctx: AdminContext,
  rows: Awaited<ReturnType<AdminContext['membership']['list']>>['rows'],
): Promise<AdminCompanyDto[]> {
  const seminarCounts = await ctx.seminars.admin.countsByCompany(rows.map((r) => r.company.id));
  return rows.map((r) => ({
    id: r.company.id,
    name: r.company.name,
    shortName: r.company.shortName,
    created_at: iso(r.company.createdAt),
    members_count: r.membersCount,
    managers: r.managers,
    bookings_count: r.bookingsCount,
    seminars_count: seminarCounts.get(r.company.id) ?? 0,
    former_short_names: r.formerShortNames,
  }));
}

type MemberRow = Awaited<ReturnType<AdminContext['membership']['members']>>[number];
export const memberDto = (m: MemberRow): AdminMemberDto => ({
  id: m.id,
  username: m.username,
  first_name: m.firstName,
  last_name: m.lastName,
  email: m.email,
  scopes: m.scopes as Scope[],
  manager: m.manager,
});

export async function memberDtos(ctx: AdminContext, companyId: number): Promise<AdminMemberDto[]> {
  return (await ctx.membership.members(companyId)).map(memberDto);
}

export async function seminarDto(ctx: AdminContext, id: number): Promise<AdminSeminarDto> {
  const { rows } = await ctx.seminars.admin.page({ id }, { limit: 1, offset: 0 });
  const [dto] = await seminarDtos(ctx, rows);
  if (!dto) throw notFound();
  return dto;
}

/**
 * list rows of seminars with their company, learners, company bookings and revenue, each asked
 * of the module that owns it (one query per module for the whole page)
 */
export async function seminarDtos(
  ctx: AdminContext,
  rows: Awaited<ReturnType<SeminarsService['admin']['page']>>['rows'],
): Promise<AdminSeminarDto[]> {
  const ids = rows.map((r) => r.seminar.id);
  const companyIds = [...new Set(rows.flatMap((r) => (r.seminar.companyId ? [r.seminar.companyId] : [])))];
  const [companyRefs, learners, companyBookings, revenue] = await Promise.all([
    ctx.membership.refs(companyIds),
    ctx.enrolments.personalCounts(ids),
    ctx.membership.bookingCounts(ids),
    ctx.payments.admin.revenueBySeminar(ids),
  ]);
  const companyOf = new Map(companyRefs.map((c) => [c.id, c]));
  return rows.map((r) => ({
    id: r.seminar.id,
    title: r.seminar.title,
    slug: r.seminar.slug,
    is_public: r.seminar.isPublic,
    isCompany: r.seminar.isCompany,
    company: (r.seminar.companyId && companyOf.get(r.seminar.companyId)) || null,
    owner: {
      id: r.owner.id,
      username: r.owner.username,
      first_name: r.owner.firstName,
      last_name: r.owner.lastName,
    },
    price: r.seminar.price,
    currency: r.seminar.currency,
    bookings_count: learners.get(r.seminar.id) ?? 0,
    company_bookings_count: companyBookings.get(r.seminar.id) ?? 0,
    revenue: revenue.get(r.seminar.id) ?? 0,
    created_at: iso(r.seminar.createdAt),
  }));
}
