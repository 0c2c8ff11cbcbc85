import type { RegisterBody } from '@elearn/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /api/register/` → 201 `{message}`; does not log in, sends the verification mail. */
export const register = (body: RegisterBody) => api.post<{ message: string }>('/api/register/', body);

export const useRegister = () => useMutation({ mutationFn: register });
