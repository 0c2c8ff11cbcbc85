import { api } from '@/lib/api-client';

/**
 * `PUT /api/seminars/{id}/visit {chapter_id}`: the chapter a learner opened becomes the seminar's
 * "Fortsetzen" target (issue 36). Best effort: a failure leaves the previous target.
 */
export const recordVisit = (seminarId: number, chapterId: number) =>
  api.put<null>(`/api/seminars/${seminarId}/visit`, { chapter_id: chapterId }).catch(() => null);
