import type { CreateQuestionBody, QuestionDto } from '@elearn/shared';
import { api } from '@/lib/api-client';
import { usePoolMutation } from './pool-mutation';

/** `POST /api/questions {label, points?, answers?, mcTestId?}` → 201 the question. */
export const createQuestion = (body: CreateQuestionBody) => api.post<QuestionDto>('/api/questions', body);

export const useCreateQuestion = () => usePoolMutation(createQuestion);
