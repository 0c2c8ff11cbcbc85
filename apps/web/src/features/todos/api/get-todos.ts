import type { todoSchema } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type Todo = z.infer<typeof todoSchema>;

/** `GET /api/todos`: booked seminars with unlocked chapters not yet done. */
export const getTodos = () => api.get<Todo[]>('/api/todos');

export const todosQueryOptions = () => queryOptions({ queryKey: ['todos'], queryFn: getTodos });

export const useTodos = () => useQuery(todosQueryOptions());
