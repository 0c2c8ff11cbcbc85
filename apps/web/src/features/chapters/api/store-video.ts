import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '@/lib/upload';
import type { MediaVideo } from '../types';
import { chapterKeys } from './keys';
import type { UploadVars } from './store-docs';

/** `POST /api/chapters/storeVideo` (multipart `chapter_id`, optional `label`, file `video`). */
export function storeVideo({
  chapterId,
  file,
  label,
  onProgress,
  signal,
}: UploadVars & { file: File; label?: string }) {
  const form = new FormData();
  form.append('chapter_id', String(chapterId));
  if (label) form.append('label', label);
  form.append('video', file, file.name);
  return uploadWithProgress<{ data: { chapter_id: number; video: MediaVideo } }>(
    '/api/chapters/storeVideo',
    form,
    { onProgress, signal },
  );
}

export function useStoreVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: storeVideo,
    onSuccess: (_, { seminarId }) =>
      queryClient.invalidateQueries({ queryKey: chapterKeys.seminar(seminarId) }),
  });
}
