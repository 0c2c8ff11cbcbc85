import type { AssignedTestDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mcTestKeys } from './keys';

/**
 * `GET /api/mc_tests/user/assigned/`: enabled tests on unlocked chapters of the seminars the
 * caller may play, with the caller's runs (`/mcTest/open` = `can_start`, `/todos` = `!accomp`).
 */
export const getAssignedTests = () => api.get<AssignedTestDto[]>('/api/mc_tests/user/assigned/');

export const assignedTestsQueryOptions = () =>
  queryOptions({ queryKey: mcTestKeys.assigned(), queryFn: getAssignedTests });

export const useAssignedTests = () => useQuery(assignedTestsQueryOptions());
