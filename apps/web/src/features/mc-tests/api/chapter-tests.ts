import type { AssignedTestDto, McTestDto, OwnerChapter } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mcTestKeys } from './keys';
import { useTestMutation } from './update-mc-test';

/** `GET /api/chapters/mcTests/owner`: every chapter of the caller's seminars (the attach choice). */
export const getOwnerChapters = () => api.get<OwnerChapter[]>('/api/chapters/mcTests/owner');

export const useOwnerChapters = (enabled = true) =>
  useQuery({ queryKey: mcTestKeys.ownerChapters(), queryFn: getOwnerChapters, enabled });

/** `PATCH /api/chapters/add/test/ {mcTestChapter: {mcTestId, chapterId}}` → the test, attached. */
export const addTestToChapter = ({ mcTestId, chapterId }: { mcTestId: number; chapterId: number }) =>
  api.patch<McTestDto>('/api/chapters/add/test/', { mcTestChapter: { mcTestId, chapterId } });

/** `PATCH /api/chapters/remove/test/ {mcTestId}` → the test, detached (`chapter_id: null`). */
export const removeTestFromChapter = (mcTestId: number) =>
  api.patch<McTestDto>('/api/chapters/remove/test/', { mcTestId });

export const useAddTestToChapter = () => useTestMutation(addTestToChapter);
export const useRemoveTestFromChapter = () => useTestMutation(removeTestFromChapter);

/** `GET /api/mc_tests/chapter/{chapterId}`: the tests on a chapter (its play page). */
export const getChapterTests = (chapterId: number) =>
  api.get<AssignedTestDto[]>(`/api/mc_tests/chapter/${chapterId}`);

export const chapterTestsQueryOptions = (chapterId: number) =>
  queryOptions({ queryKey: mcTestKeys.chapter(chapterId), queryFn: () => getChapterTests(chapterId) });

export const useChapterTests = (chapterId: number) => useQuery(chapterTestsQueryOptions(chapterId));
