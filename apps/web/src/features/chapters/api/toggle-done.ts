import type { ChapterDto } from '@elearn/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chapterKeys } from './keys';

export interface DoneState {
  chapter_id: number;
  done: boolean;
  done_at: string | null;
}

/** `PATCH /api/chapters/toggle/user {chapterUser, done}` (booked users; locked → 403). */
export const toggleDone = ({ chapterId, done }: { chapterId: number; seminarId: number; done: boolean }) =>
  api.patch<DoneState>('/api/chapters/toggle/user', { chapterUser: chapterId, done });

const withDone = (chapters: ChapterDto[] | undefined, id: number, done: boolean) =>
  chapters?.map((chapter) => ({
    ...chapter,
    done: chapter.id === id ? done : chapter.done,
    sub_chapters: chapter.sub_chapters.map((sub) => (sub.id === id ? { ...sub, done } : sub)),
  }));

export function useToggleDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleDone,
    onSuccess: (state, { seminarId }) => {
      queryClient.setQueryData<ChapterDto[]>(chapterKeys.booked(seminarId), (chapters) =>
        withDone(chapters, state.chapter_id, state.done),
      );
      void queryClient.invalidateQueries({
        queryKey: chapterKeys.interactions(seminarId, state.chapter_id),
      });
      void queryClient.invalidateQueries({ queryKey: ['todos'] });
      // progress and completion follow the marks (features/progress)
      void queryClient.invalidateQueries({ queryKey: ['progress'] });
    },
  });
}
