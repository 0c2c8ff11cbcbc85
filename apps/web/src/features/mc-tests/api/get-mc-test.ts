import type { McTestDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mcTestKeys } from './keys';

/** `GET /api/mc_tests/{id}`: the test with its questions in test order (managers; else 404). */
export const getMcTest = (id: number) => api.get<McTestDto>(`/api/mc_tests/${id}`);

export const mcTestQueryOptions = (id: number) =>
  queryOptions({ queryKey: mcTestKeys.detail(id), queryFn: () => getMcTest(id) });

export const useMcTest = (id: number | null) =>
  useQuery({ ...mcTestQueryOptions(id ?? 0), enabled: id !== null });
