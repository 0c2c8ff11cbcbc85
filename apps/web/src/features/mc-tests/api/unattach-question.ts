import type { McTestDto, UnattachQuestionBody } from '@elearn/shared';
import { api } from '@/lib/api-client';
import { useTestMutation } from './update-mc-test';

/** `PATCH /api/questions/{question}/unattach {mcTestId, questionId}` → the test without it. */
export const unattachQuestion = (body: UnattachQuestionBody) =>
  api.patch<McTestDto>('/api/questions/{question}/unattach', body);

export const useUnattachQuestion = () => useTestMutation(unattachQuestion);
