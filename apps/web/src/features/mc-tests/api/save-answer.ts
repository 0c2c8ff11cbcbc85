/** An answer saved as given: `PUT /api/graduate/runs/{id}/answers/{questionId} {answerIds}` (issue 37). */
import type { SavedAnswer } from '@elearn/shared';
import { api } from '@/lib/api-client';

/** idempotent: the same answers twice leave the same state; 409 once the run ended or its time is up */
export const saveAnswer = (runId: number, questionId: number, answerIds: number[]) =>
  api.put<SavedAnswer>(`/api/graduate/runs/${runId}/answers/${questionId}`, { answerIds });
