import type { AnswerDto, CreateAnswerBody } from '@elearn/shared';
import { api } from '@/lib/api-client';
import { usePoolMutation } from './pool-mutation';

/** `POST /api/answers/new {question_id, label, correct}` → 201 the answer, appended last. */
export const createAnswer = (body: CreateAnswerBody) => api.post<AnswerDto>('/api/answers/new', body);

export const useCreateAnswer = () => usePoolMutation(createAnswer);
