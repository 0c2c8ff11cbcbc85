import { type AdminDeps, createAdminContext } from './admin.context.ts';
import { companyDto } from './admin.dto.ts';
import { createCompany, deleteCompany, listCompanies, updateCompany } from './use-cases/companies.ts';
import { addMember, listMembers, removeMember, setManager } from './use-cases/company-members.ts';
import { discardJob, failedJobs, jobStats, retryJob, runScheduledJob } from './use-cases/jobs.ts';
import { listAudit, listPayments } from './use-cases/reports.ts';
import { listSeminars, setSeminarOwner } from './use-cases/seminars.ts';
import { resendVerification, setDisabled, setScopes, startPasswordReset } from './use-cases/user-accounts.ts';
import { listUsers, userDetail } from './use-cases/users.ts';

export type { AdminDeps } from './admin.context.ts';

export type AdminService = ReturnType<typeof createAdminService>;

/** a use case's parameters after its context */
type Args<F> = F extends (ctx: never, ...rest: infer R) => unknown ? R : never;

/**
 * The admin area (docs/api/admin.md): users, scopes, accounts, companies, seminar ownership and
 * payments, every change recorded in the audit trail within the same transaction. Each use case
 * is a function in use-cases/; this composes them over one context.
 */
export function createAdminService(deps: AdminDeps) {
  const ctx = createAdminContext(deps);
  return {
    // users
    users: (...a: Args<typeof listUsers>) => listUsers(ctx, ...a),
    user: (id: number) => userDetail(ctx, id),
    setScopes: (...a: Args<typeof setScopes>) => setScopes(ctx, ...a),
    setDisabled: (...a: Args<typeof setDisabled>) => setDisabled(ctx, ...a),
    resendVerification: (...a: Args<typeof resendVerification>) => resendVerification(ctx, ...a),
    startPasswordReset: (...a: Args<typeof startPasswordReset>) => startPasswordReset(ctx, ...a),

    // companies
    companies: (...a: Args<typeof listCompanies>) => listCompanies(ctx, ...a),
    company: (id: number) => companyDto(ctx, id),
    createCompany: (...a: Args<typeof createCompany>) => createCompany(ctx, ...a),
    updateCompany: (...a: Args<typeof updateCompany>) => updateCompany(ctx, ...a),
    deleteCompany: (...a: Args<typeof deleteCompany>) => deleteCompany(ctx, ...a),
    members: (...a: Args<typeof listMembers>) => listMembers(ctx, ...a),
    addMember: (...a: Args<typeof addMember>) => addMember(ctx, ...a),
    setManager: (...a: Args<typeof setManager>) => setManager(ctx, ...a),
    removeMember: (...a: Args<typeof removeMember>) => removeMember(ctx, ...a),

    // seminars and payments
    seminars: (...a: Args<typeof listSeminars>) => listSeminars(ctx, ...a),
    setSeminarOwner: (...a: Args<typeof setSeminarOwner>) => setSeminarOwner(ctx, ...a),
    payments: (...a: Args<typeof listPayments>) => listPayments(ctx, ...a),
    audit: (...a: Args<typeof listAudit>) => listAudit(ctx, ...a),

    // the job queue
    jobStats: () => jobStats(ctx),
    failedJobs: (...a: Args<typeof failedJobs>) => failedJobs(ctx, ...a),
    retryJob: (...a: Args<typeof retryJob>) => retryJob(ctx, ...a),
    runScheduledJob: (...a: Args<typeof runScheduledJob>) => runScheduledJob(ctx, ...a),
    discardJob: (...a: Args<typeof discardJob>) => discardJob(ctx, ...a),
  };
}
