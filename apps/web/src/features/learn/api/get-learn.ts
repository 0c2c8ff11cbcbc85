import type { LearnDashboard } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { learnKeys } from './keys';

/** `GET /api/learn`: the caller's dashboard (held seminars, tests, deadlines, new certificates). */
export const getLearn = () => api.get<LearnDashboard>('/api/learn');

export const learnQueryOptions = () => queryOptions({ queryKey: learnKeys.dashboard, queryFn: getLearn });
export const useLearn = (enabled = true) => useQuery({ ...learnQueryOptions(), enabled });
