import { api } from '@/lib/api-client';
import { usePoolMutation } from './pool-mutation';

/** `DELETE /api/answers/{id}` → 204. */
export const deleteAnswer = (id: number) => api.delete<void>(`/api/answers/${id}`);

export const useDeleteAnswer = () => usePoolMutation(deleteAnswer);
