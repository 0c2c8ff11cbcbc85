import type { McTestDto } from '@elearn/shared';
import { api } from '@/lib/api-client';
import { useTestMutation } from './update-mc-test';

/** `PATCH /api/chapters/add/test/ {mcTestChapter: {mcTestId, chapterId}}` → the test, attached. */
export const addTestToChapter = ({ mcTestId, chapterId }: { mcTestId: number; chapterId: number }) =>
  api.patch<McTestDto>('/api/chapters/add/test/', { mcTestChapter: { mcTestId, chapterId } });

export const useAddTestToChapter = () => useTestMutation(addTestToChapter);
