import type { AttachQuestionsBody, McTestDto } from '@elearn/shared';
import { api } from '@/lib/api-client';
import { useTestMutation } from './update-mc-test';

/**
 * `PATCH /api/questions/{question}/attach {mcTestId, questions}` → the test with the questions
 * appended. The braces are part of the path (spec section 7), sent literally.
 */
export const attachQuestions = (body: AttachQuestionsBody) =>
  api.patch<McTestDto>('/api/questions/{question}/attach', body);

export const useAttachQuestions = () => useTestMutation(attachQuestions);
