import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '@/lib/upload';
import type { MediaDoc } from '../types';
import { chapterKeys } from './keys';

export interface UploadVars {
  chapterId: number;
  seminarId: number;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** `POST /api/chapters/storeDocs` (multipart `chapter_id` + files `docs`) with upload progress. */
export function storeDocs({ chapterId, files, onProgress, signal }: UploadVars & { files: File[] }) {
  const form = new FormData();
  form.append('chapter_id', String(chapterId));
  for (const file of files) form.append('docs', file, file.name);
  return uploadWithProgress<{ data: { chapter_id: number; uploads: MediaDoc[] } }>(
    '/api/chapters/storeDocs',
    form,
    { onProgress, signal },
  );
}

export function useStoreDocs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: storeDocs,
    onSuccess: (_, { seminarId }) =>
      queryClient.invalidateQueries({ queryKey: chapterKeys.seminar(seminarId) }),
  });
}
