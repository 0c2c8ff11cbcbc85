import {
  type AdminCompanyDto,
  type AdminMemberDto,
  type AdminPaymentDto,
  type AdminSeminarDto,
  type AdminUserDetailDto,
  type AdminUserDto,
  type AuditEntryDto,
  encodeMessage,
  type Paginated,
  SCOPES,
  type Scope,
} from '@elearn/shared';
import type { Db } from '../../db/client.ts';
import { conflict, notFound, validation } from '../../errors.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { userPolicy } from '../../policies/user.policy.ts';
import { type AuditEntry, type AuditFilter, auditRepository as audit } from '../audit/audit.repository.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { EnrolmentsService } from '../enrolments/enrolments.service.ts';
import type { GraduateService } from '../graduate/graduate.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { SeminarsService } from '../seminars/seminars.service.ts';
import {
  type Membership,
  type UserFilter,
  type UserRow,
  usersService as users,
} from '../users/users.service.ts';

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
const DAY_MS = 86_400_000;
/** `YYYY-MM-DD` → the start of that day (UTC); `to` dates are inclusive, so the end is the next day */
const dayStart = (d: string | undefined, plusDays = 0) =>
  d ? new Date(Date.parse(`${d}T00:00:00Z`) + plusDays * DAY_MS) : undefined;

type PageQuery = { page: number; per_page: number };
const page = (q: PageQuery) => ({ limit: q.per_page, offset: (q.page - 1) * q.per_page });
function paginator<T>(q: PageQuery, data: T[], total: number): Paginated<T> {
  return {
    data,
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(total / q.per_page)),
    per_page: q.per_page,
    total,
  };
}

const label = (u: Pick<UserRow, 'username' | 'email'>) => `${u.username} <${u.email}>`;

export type AdminService = ReturnType<typeof createAdminService>;

/**
 * The admin area (docs/api/admin.md): users, scopes, accounts, companies, seminar ownership and
 * payments, every change recorded in the audit trail within the same transaction.
 */
export function createAdminService(deps: {
  db: Db;
  auth: AuthService;
  seminars: SeminarsService;
  enrolments: EnrolmentsService;
  companies: CompaniesService;
  payments: PaymentsService;
  graduate: GraduateService;
  now?: () => number;
}) {
  const { db, auth, seminars, enrolments, payments, graduate } = deps;
  const membership = deps.companies.membership;
  const now = deps.now ?? Date.now;
  const actorOf = (a: AuthUser) => ({ id: a.id, username: a.username });
  const record = (tx: Parameters<typeof audit.record>[0], e: AuditEntry) =>
    audit.record(tx, e, new Date(now()));

  function userDto(row: { user: UserRow; companies: Membership[] }): AdminUserDto {
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

  async function userRow(id: number) {
    const row = await users.findWithMemberships(db, id);
    if (!row) throw notFound();
    return row;
  }

  async function companyRow(id: number) {
    const company = await membership.find(id);
    if (!company) throw notFound();
    return company;
  }

  async function companyDto(id: number): Promise<AdminCompanyDto> {
    const { rows } = await membership.list({ id }, { limit: 1, offset: 0 });
    const [dto] = await companyDtos(rows);
    if (!dto) throw notFound();
    return dto;
  }

  /** list rows of companies with the number of seminars made for each (from the seminars module) */
  async function companyDtos(
    rows: Awaited<ReturnType<typeof membership.list>>['rows'],
  ): Promise<AdminCompanyDto[]> {
    const seminarCounts = await seminars.admin.countsByCompany(rows.map((r) => r.company.id));
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

  async function memberDtos(companyId: number): Promise<AdminMemberDto[]> {
    return (await membership.members(companyId)).map((m) => ({
      id: m.id,
      username: m.username,
      first_name: m.firstName,
      last_name: m.lastName,
      email: m.email,
      scopes: m.scopes as Scope[],
      manager: m.manager,
    }));
  }

  async function seminarDto(id: number): Promise<AdminSeminarDto> {
    const { rows } = await seminars.admin.page({ id }, { limit: 1, offset: 0 });
    const [dto] = await seminarDtos(rows);
    if (!dto) throw notFound();
    return dto;
  }

  /**
   * list rows of seminars with their company, learners, company bookings and revenue, each asked
   * of the module that owns it (one query per module for the whole page)
   */
  async function seminarDtos(
    rows: Awaited<ReturnType<typeof seminars.admin.page>>['rows'],
  ): Promise<AdminSeminarDto[]> {
    const ids = rows.map((r) => r.seminar.id);
    const companyIds = [...new Set(rows.flatMap((r) => (r.seminar.companyId ? [r.seminar.companyId] : [])))];
    const [companyRefs, learners, companyBookings, revenue] = await Promise.all([
      membership.refs(companyIds),
      enrolments.personalCounts(ids),
      membership.bookingCounts(ids),
      payments.admin.revenueBySeminar(ids),
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

  return {
    // users
    async users(q: PageQuery & UserFilter & { company_id?: number }): Promise<Paginated<AdminUserDto>> {
      const { rows, total } = await users.listWithMemberships(
        db,
        { q: q.q, scope: q.scope, companyId: q.company_id, status: q.status },
        page(q),
      );
      return paginator(q, rows.map(userDto), total);
    },

    async user(id: number): Promise<AdminUserDetailDto> {
      const row = await userRow(id);
      const [purchases, grants, results] = await Promise.all([
        payments.admin.purchasesOfUser(id),
        enrolments.grantsOfUser(id),
        graduate.stoppedRunsOfUser(id),
      ]);
      // purchases (any payment state) and the grants that are no purchase: free bookings, assignments
      const others = grants.filter((g) => g.source !== 'purchase');
      const seminarRows = await seminars.listRows([...new Set(others.map((g) => g.seminarId))]);
      const seminarOf = new Map(seminarRows.map((r) => [r.seminar.id, r.seminar]));
      const bookings = [
        ...purchases.map((b) => ({
          id: b.id,
          seminar: b.seminar,
          status: b.status,
          price: b.price,
          currency: b.currency,
          created_at: iso(b.createdAt),
        })),
        ...others.flatMap((g) => {
          const s = seminarOf.get(g.seminarId);
          if (!s) return [];
          return [
            {
              id: g.id,
              seminar: { id: s.id, title: s.title, slug: s.slug },
              status: g.source === 'free' ? 'free' : 'company',
              price: 0,
              currency: s.currency,
              created_at: iso(g.grantedAt),
            },
          ];
        }),
      ].sort((a, b) => b.created_at.localeCompare(a.created_at));
      return {
        ...userDto(row),
        bookings,
        test_results: results.map((r) => ({
          run_id: r.runId,
          mc_test: r.mcTest,
          achievedPercent: Number(r.achievedPercent ?? 0),
          accomp: !!r.accomp,
          passed: r.passed === 1,
          stopped_at: iso(r.stoppedAt!),
        })),
      };
    },

    /** @throws admin.last_admin (409) when no active admin would remain */
    async setScopes(actor: AuthUser, id: number, scopes: Scope[]): Promise<AdminUserDto> {
      const wanted = SCOPES.filter((s) => scopes.includes(s));
      await db.transaction(async (tx) => {
        const before = await users.changeScopes(tx, id, wanted);
        await record(tx, {
          actor: actorOf(actor),
          action: 'user.scopes',
          targetType: 'user',
          targetId: id,
          targetLabel: label(before),
          before: { scopes: before.scopes },
          after: { scopes: wanted },
        });
      });
      return userDto(await userRow(id));
    },

    /** @throws admin.last_admin (409) for the last active admin */
    async setDisabled(actor: AuthUser, id: number, disabled: boolean): Promise<AdminUserDto> {
      await db.transaction(async (tx) => {
        const before = await users.setDisabled(tx, id, disabled, new Date(now()));
        // their access links end as when they leave the company or are unassigned
        if (disabled) await deps.companies.revokeLinksOfUser(tx, id);
        await record(tx, {
          actor: actorOf(actor),
          action: disabled ? 'user.disabled' : 'user.enabled',
          targetType: 'user',
          targetId: id,
          targetLabel: label(before),
          before: { disabled: before.disabledAt !== null },
          after: { disabled },
        });
      });
      // committed: a disabled account's sessions are refused from now on; end them all at once
      if (disabled) await auth.endSessionsOf(id);
      return userDto(await userRow(id));
    },

    /** @throws admin.user_disabled, admin.already_verified (409) */
    async resendVerification(actor: AuthUser, id: number): Promise<void> {
      const { user } = await userRow(id);
      if (user.disabledAt) throw conflict('admin.user_disabled', 'admin.user_disabled');
      if (user.emailVerifiedAt) throw conflict('admin.already_verified', 'admin.already_verified');
      await auth.sendVerificationTo(user);
      await record(db, {
        actor: actorOf(actor),
        action: 'user.verification_sent',
        targetType: 'user',
        targetId: id,
        targetLabel: label(user),
      });
    },

    /** @throws admin.user_disabled (409): a disabled account gets no mail */
    async startPasswordReset(actor: AuthUser, id: number): Promise<void> {
      const { user } = await userRow(id);
      if (user.disabledAt) throw conflict('admin.user_disabled', 'admin.user_disabled');
      await auth.sendResetTo(user);
      await record(db, {
        actor: actorOf(actor),
        action: 'user.password_reset',
        targetType: 'user',
        targetId: id,
        targetLabel: label(user),
      });
    },

    // companies
    async companies(q: PageQuery & { q?: string }): Promise<Paginated<AdminCompanyDto>> {
      const { rows, total } = await membership.list({ q: q.q }, page(q));
      return paginator(q, await companyDtos(rows), total);
    },

    company: companyDto,

    /** @throws company.short_name_taken (422) */
    async createCompany(
      actor: AuthUser,
      body: { name: string; shortName: string },
    ): Promise<AdminCompanyDto> {
      if (await membership.shortNameTaken(body.shortName, null)) {
        throw validation(
          { shortName: [encodeMessage('company.short_name_taken')] },
          'company.short_name_taken',
        );
      }
      const company = await db.transaction(async (tx) => {
        const row = await membership.create(tx, body);
        await record(tx, {
          actor: actorOf(actor),
          action: 'company.created',
          targetType: 'company',
          targetId: row.id,
          targetLabel: row.name,
          after: { name: row.name, shortName: row.shortName },
        });
        return row;
      });
      return companyDto(company.id);
    },

    /** @throws company.short_name_taken (422) */
    async updateCompany(
      actor: AuthUser,
      id: number,
      body: { name?: string; shortName?: string },
    ): Promise<AdminCompanyDto> {
      const before = await companyRow(id);
      // an empty change (`{}` or the current values) changes nothing and leaves no audit entry
      if (
        (body.name === undefined || body.name === before.name) &&
        (body.shortName === undefined || body.shortName === before.shortName)
      ) {
        return companyDto(id);
      }
      if (body.shortName && (await membership.shortNameTaken(body.shortName, id))) {
        throw validation(
          { shortName: [encodeMessage('company.short_name_taken')] },
          'company.short_name_taken',
        );
      }
      await db.transaction(async (tx) => {
        await membership.rename(tx, id, before, body);
        await record(tx, {
          actor: actorOf(actor),
          action: 'company.updated',
          targetType: 'company',
          targetId: id,
          targetLabel: body.name ?? before.name,
          before: { name: before.name, shortName: before.shortName },
          after: { name: body.name ?? before.name, shortName: body.shortName ?? before.shortName },
        });
      });
      return companyDto(id);
    },

    /** @throws company.not_empty (409) */
    async deleteCompany(actor: AuthUser, id: number): Promise<void> {
      const company = await companyRow(id);
      const [usage, seminarCounts] = await Promise.all([
        membership.usage(id),
        seminars.admin.countsByCompany([id]),
      ]);
      if (usage.members + usage.bookings + (seminarCounts.get(id) ?? 0) > 0) {
        throw conflict('company.not_empty', 'company.not_empty');
      }
      await db.transaction(async (tx) => {
        await membership.delete(tx, id);
        await record(tx, {
          actor: actorOf(actor),
          action: 'company.deleted',
          targetType: 'company',
          targetId: id,
          targetLabel: company.name,
          before: { name: company.name, shortName: company.shortName },
        });
      });
    },

    async members(id: number): Promise<AdminMemberDto[]> {
      await companyRow(id);
      return memberDtos(id);
    },

    /** @throws company.user_unknown (422), company.already_member (409), company.manager_scope (422) */
    async addMember(actor: AuthUser, id: number, body: { email: string; manager: boolean }) {
      const company = await companyRow(id);
      const user = await users.findByEmail(db, body.email);
      if (!user) throw validation({ email: [encodeMessage('company.user_unknown')] }, 'company.user_unknown');
      if ((await membership.memberIds(id, [user.id])).size > 0) {
        throw conflict('company.already_member', 'company.already_member');
      }
      if (body.manager && !userPolicy.mayManageCompanies(user)) {
        throw validation({ manager: [encodeMessage('company.manager_scope')] }, 'company.manager_scope');
      }
      await db.transaction(async (tx) => {
        await membership.add(tx, id, user.id, body.manager);
        await record(tx, {
          actor: actorOf(actor),
          action: 'company.member_added',
          targetType: 'company',
          targetId: id,
          targetLabel: company.name,
          after: { user: label(user), manager: body.manager },
        });
      });
      return (await memberDtos(id)).find((m) => m.id === user.id)!;
    },

    /** @throws company.manager_scope (422); 404 for a user who is no member */
    async setManager(actor: AuthUser, id: number, userId: number, manager: boolean) {
      const company = await companyRow(id);
      const member = (await memberDtos(id)).find((m) => m.id === userId);
      if (!member) throw notFound();
      if (manager && !userPolicy.mayManageCompanies(member)) {
        throw validation({ manager: [encodeMessage('company.manager_scope')] }, 'company.manager_scope');
      }
      await db.transaction(async (tx) => {
        await membership.setManager(tx, id, userId, manager);
        await record(tx, {
          actor: actorOf(actor),
          action: 'company.manager_set',
          targetType: 'company',
          targetId: id,
          targetLabel: company.name,
          before: { user: `${member.username} <${member.email}>`, manager: member.manager },
          after: { user: `${member.username} <${member.email}>`, manager },
        });
      });
      return { ...member, manager };
    },

    /** 404 for a user who is no member; their assignments of the company's bookings end with it */
    async removeMember(actor: AuthUser, id: number, userId: number): Promise<void> {
      const company = await companyRow(id);
      const member = (await memberDtos(id)).find((m) => m.id === userId);
      if (!member) throw notFound();
      await db.transaction(async (tx) => {
        await membership.remove(tx, id, userId);
        await record(tx, {
          actor: actorOf(actor),
          action: 'company.member_removed',
          targetType: 'company',
          targetId: id,
          targetLabel: company.name,
          before: { user: `${member.username} <${member.email}>`, manager: member.manager },
        });
      });
    },

    // seminars and payments
    async seminars(q: PageQuery & { q?: string; owner_id?: number }): Promise<Paginated<AdminSeminarDto>> {
      const { rows, total } = await seminars.admin.page({ q: q.q, ownerId: q.owner_id }, page(q));
      return paginator(q, await seminarDtos(rows), total);
    },

    /** @throws admin.owner_not_trainer (422) */
    async setSeminarOwner(actor: AuthUser, id: number, ownerId: number): Promise<AdminSeminarDto> {
      const before = await seminarDto(id);
      const owner = await users.findById(db, ownerId);
      if (!owner || owner.disabledAt || !userPolicy.mayOwnSeminars(owner)) {
        throw validation({ owner_id: [encodeMessage('admin.owner_not_trainer')] }, 'admin.owner_not_trainer');
      }
      await db.transaction(async (tx) => {
        await seminars.admin.setOwner(tx, id, ownerId);
        await record(tx, {
          actor: actorOf(actor),
          action: 'seminar.owner_changed',
          targetType: 'seminar',
          targetId: id,
          targetLabel: before.title,
          before: { owner: before.owner.username },
          after: { owner: owner.username },
        });
      });
      seminars.contentChanged();
      return seminarDto(id);
    },

    async payments(
      q: PageQuery & { status?: string; from?: string; to?: string },
    ): Promise<Paginated<AdminPaymentDto>> {
      const { rows, total } = await payments.admin.page(
        { status: q.status, from: dayStart(q.from), to: dayStart(q.to, 1) },
        page(q),
      );
      return paginator(
        q,
        rows.map((r) => ({
          id: r.payment.id,
          status: r.payment.status,
          amount: r.payment.amount,
          currency: r.payment.currency,
          provider: r.payment.provider,
          provider_id: r.payment.providerId,
          created_at: iso(r.payment.createdAt),
          paid_at: isoOrNull(r.payment.paidAt),
          user: r.user,
          seminar: r.seminar,
          booking_id: r.payment.bookingId,
        })),
        total,
      );
    },

    async audit(
      q: PageQuery & { action?: string; actor_id?: number; target_type?: string; from?: string; to?: string },
    ): Promise<Paginated<AuditEntryDto>> {
      const filter: AuditFilter = {
        action: q.action,
        actorId: q.actor_id,
        targetType: q.target_type,
        from: dayStart(q.from),
        to: dayStart(q.to, 1),
      };
      const { rows, total } = await audit.list(db, filter, page(q));
      return paginator(
        q,
        rows.map((r) => ({
          id: r.id,
          created_at: iso(r.createdAt),
          actor: r.actorId !== null ? { id: r.actorId, username: r.actorUsername ?? '' } : null,
          action: r.action,
          target_type: r.targetType,
          target_id: r.targetId,
          target_label: r.targetLabel,
          before: r.before,
          after: r.after,
        })),
        total,
      );
    },
  };
}
