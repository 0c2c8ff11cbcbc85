import type { TeamRemindBody } from '@elearn/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `POST /api/companies/{id}/team/remind {user_id, seminar_id}`: 202 `{ message }` (the mail is
 * queued, or the person turned reminders off), 429 `remind.too_soon` once a day per employee and
 * seminar, 404 `remind.not_assigned`.
 */
export const remindEmployee = (companyId: number, body: TeamRemindBody) =>
  api.post<{ message: string; sent?: boolean }>(`/api/companies/${companyId}/team/remind`, body);

export const useRemindEmployee = (companyId: number) =>
  useMutation({ mutationFn: (body: TeamRemindBody) => remindEmployee(companyId, body) });
