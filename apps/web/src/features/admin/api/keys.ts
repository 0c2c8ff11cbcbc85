/**
 * Query keys of the admin area. Everything sits under one root, so a change (new scopes, a
 * renamed company, a new owner) can refresh every admin view that may show it, including the
 * audit trail that the change wrote to.
 */
export const adminKeys = {
  all: ['admin'] as const,
  users: () => ['admin', 'users'] as const,
  userList: (query: object) => ['admin', 'users', 'list', query] as const,
  user: (id: number) => ['admin', 'users', 'detail', id] as const,
  companies: () => ['admin', 'companies'] as const,
  companyList: (query: object) => ['admin', 'companies', 'list', query] as const,
  company: (id: number) => ['admin', 'companies', 'detail', id] as const,
  /** a page of a company's members, one key per page and search */
  members: (companyId: number, query: { page: number; q?: string }) =>
    ['admin', 'companies', 'members', companyId, query] as const,
  seminars: () => ['admin', 'seminars'] as const,
  seminarList: (query: object) => ['admin', 'seminars', 'list', query] as const,
  paymentList: (query: object) => ['admin', 'payments', 'list', query] as const,
  audit: () => ['admin', 'audit'] as const,
  auditList: (query: object) => ['admin', 'audit', 'list', query] as const,
  jobs: () => ['admin', 'jobs'] as const,
  failedJobs: (query: object) => ['admin', 'jobs', 'failed', query] as const,
};

/** The signed-in user's own query (the auth feature's key): refreshed after changing oneself. */
export const CURRENT_USER_KEY = ['auth', 'user'] as const;
