import type { McTestDto } from '@elearn/shared';
import { api } from '@/lib/api-client';
import { useTestMutation } from './update-mc-test';

/** `PATCH /api/chapters/remove/test/ {mcTestId}` → the test, detached (`chapter_id: null`). */
export const removeTestFromChapter = (mcTestId: number) =>
  api.patch<McTestDto>('/api/chapters/remove/test/', { mcTestId });

export const useRemoveTestFromChapter = () => useTestMutation(removeTestFromChapter);
