import { api } from '@/lib/api-client';
import { usePoolMutation } from './pool-mutation';

/** `DELETE /api/questions/{id}` → 204 (detached from every test; past runs keep their snapshot). */
export const deleteQuestion = (id: number) => api.delete<void>(`/api/questions/${id}`);

export const useDeleteQuestion = () => usePoolMutation(deleteQuestion);
