import { isOwnerRole, type UserDto } from '@elearn/shared';

export type McTestTabId = 'index' | 'own' | 'reports' | 'pool' | 'assigned' | 'history';

export interface McTestTab {
  id: McTestTabId;
  /** app path without language prefix */
  to: string;
}

const ALL: Record<McTestTabId, string> = {
  index: '/mcTest',
  own: '/mcTest/own',
  reports: '/mcTest/reports',
  pool: '/mcTest/QuestionPool',
  assigned: '/mcTest/assigned',
  history: '/mcTest/history',
};

/**
 * Spec section 2, test tabs: trainers and admins get index, own, reports, question pool,
 * assigned and history; everyone else (students, company users) assigned and history.
 */
export function mcTestTabs(user: Pick<UserDto, 'scope'> | null): McTestTab[] {
  if (!user) return [];
  const ids: McTestTabId[] = isOwnerRole(user)
    ? ['index', 'own', 'reports', 'pool', 'assigned', 'history']
    : ['assigned', 'history'];
  return ids.map((id) => ({ id, to: ALL[id] }));
}

/** App paths of the test pages (without language prefix). */
export const mcTestPaths = {
  index: ALL.index,
  own: ALL.own,
  reports: ALL.reports,
  pool: ALL.pool,
  assigned: ALL.assigned,
  history: ALL.history,
  open: '/mcTest/open',
  testReports: (id?: number | null) => (id ? `/mcTest/TestReports?test=${id}` : '/mcTest/TestReports'),
  graduate: (id?: number | null) => (id ? `/mcTest/graduate/${id}` : '/mcTest/graduate'),
  edit: (id: number) => `/mcTest/${id}/edit`,
  newQuestion: (id: number) => `/mcTest/${id}/new`,
  itemAnalysis: (id: number) => `/mcTest/${id}/itemAnalysis`,
  play: (id: number) => `/mcTest/open?test=${id}`,
};
