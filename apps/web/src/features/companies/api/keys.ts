/** Query keys of the companies feature (one root, so a change can refresh every company query). */
export const companyKeys = {
  all: ['companies'] as const,
  list: () => ['companies', 'list'] as const,
  byName: (name: string) => ['companies', 'by-name', name.toLowerCase()] as const,
  seminars: (companyId: number) => ['companies', 'company', companyId, 'seminars'] as const,
  /** a page of the company's members (`GET /api/companies/{id}/users`), one key per page and search */
  employees: (companyId: number, query: { page: number; per_page?: number; q?: string }) =>
    ['companies', 'company', companyId, 'users', query] as const,
  invitation: (companyId: number) => ['companies', 'company', companyId, 'invitation'] as const,
  invitationInfo: (token: string) => ['companies', 'invitation-info', token] as const,
  memberInvitations: (companyId: number) =>
    ['companies', 'company', companyId, 'member-invitations'] as const,
  /** outside the root: accepting refreshes every company query, but not the invitation it used up */
  memberInvitationInfo: (token: string) => ['member-invitation-info', token] as const,
  bookings: () => ['companies', 'bookings'] as const,
  seminarCompanies: (seminarId: number) => ['companies', 'seminar', seminarId, 'companies'] as const,
  /** a page of a seminar's company assignments, one key per page and filter */
  seminarAssignments: (seminarId: number, query: object) =>
    ['companies', 'seminar', seminarId, 'assignments', query] as const,
  /** the team view of a company (issue 36 item 7), one key per filter and page */
  team: (companyId: number, query: string) => ['companies', 'company', companyId, 'team', query] as const,
  /** a company's seat packages (issue 38 item 4), all or of one seminar */
  seatPackages: (companyId: number, seminarId?: number) =>
    ['companies', 'company', companyId, 'seat-packages', seminarId ?? 'all'] as const,
  accessLinks: () => ['companies', 'access-links'] as const,
  accessLinkPage: (page: number) => ['companies', 'access-links', page] as const,
  accessLinkPlay: (token: string) => ['companies', 'access-link-play', token] as const,
};

/** The progress feature's queries (root key): a due date shows in its learners table. */
export const PROGRESS_ROOT_KEY = ['progress'] as const;

/** The seminar queries of the seminars feature (root key), refreshed after a company booking. */
export const SEMINARS_ROOT_KEY = ['seminars'] as const;
