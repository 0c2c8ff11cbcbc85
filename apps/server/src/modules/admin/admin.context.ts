import type { Paginated } from '@elearn/shared';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { type AuditEntry, auditRepository as audit } from '../audit/audit.repository.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { EnrolmentsService } from '../enrolments/enrolments.service.ts';
import type { GraduateService } from '../graduate/graduate.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { SeminarsService } from '../seminars/seminars.service.ts';
import type { UserRow } from '../users/users.service.ts';

export interface AdminDeps {
  db: Db;
  auth: AuthService;
  seminars: SeminarsService;
  enrolments: EnrolmentsService;
  companies: CompaniesService;
  payments: PaymentsService;
  graduate: GraduateService;
  /** the job queue: its counts and failed jobs (issue 35) */
  jobs: JobQueue;
  now?: () => number;
}

/** what the admin use cases share: the modules they ask, the clock and the audit trail */
export interface AdminContext extends AdminDeps {
  now: () => number;
  membership: CompaniesService['membership'];
  /** records an audit entry, in the transaction of the change it records */
  record(tx: Parameters<typeof audit.record>[0], e: AuditEntry): ReturnType<typeof audit.record>;
}

export function createAdminContext(deps: AdminDeps): AdminContext {
  const now = deps.now ?? Date.now;
  return {
    ...deps,
    now,
    membership: deps.companies.membership,
    record: (tx, e) => audit.record(tx, e, new Date(now())),
  };
}

export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
const DAY_MS = 86_400_000;
/** `YYYY-MM-DD` → the start of that day (UTC); `to` dates are inclusive, so the end is the next day */
export const dayStart = (d: string | undefined, plusDays = 0) =>
  d ? new Date(Date.parse(`${d}T00:00:00Z`) + plusDays * DAY_MS) : undefined;

export type PageQuery = { page: number; per_page: number };
export const page = (q: PageQuery) => ({ limit: q.per_page, offset: (q.page - 1) * q.per_page });
export function paginator<T>(q: PageQuery, data: T[], total: number): Paginated<T> {
  return {
    data,
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(total / q.per_page)),
    per_page: q.per_page,
    total,
  };
}

export const actorOf = (a: AuthUser) => ({ id: a.id, username: a.username });
export const label = (u: Pick<UserRow, 'username' | 'email'>) => `${u.username} <${u.email}>`;
