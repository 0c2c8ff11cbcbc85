import type { AssignedTestDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mcTestKeys } from './keys';

/** `GET /api/mc_tests/chapter/{chapterId}`: the tests on a chapter (its play page). */
export const getChapterTests = (chapterId: number) =>
  api.get<AssignedTestDto[]>(`/api/mc_tests/chapter/${chapterId}`);

export const chapterTestsQueryOptions = (chapterId: number) =>
  queryOptions({ queryKey: mcTestKeys.chapter(chapterId), queryFn: () => getChapterTests(chapterId) });

export const useChapterTests = (chapterId: number) => useQuery(chapterTestsQueryOptions(chapterId));
