import type {
  QuestionCategories,
  QuestionFileFormat,
  QuestionImportPreview,
  QuestionImportResult,
} from '@elearn/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usePoolMutation } from './pool-mutation';

const form = (file: File) => {
  const data = new FormData();
  data.append('file', file);
  return data;
};

/** `POST /api/questions/import/preview` (multipart `file`): what an import would create and skip; creates nothing. */
export const previewImport = (file: File) =>
  api.post<QuestionImportPreview>('/api/questions/import/preview', form(file));

/** `POST /api/questions/import` (multipart `file`) → 201: every importable question, in one transaction. */
export const importQuestions = (file: File) =>
  api.post<QuestionImportResult>('/api/questions/import', form(file));

export const useImportQuestions = () => usePoolMutation(importQuestions);

/**
 * `GET /api/questions/categories`: the pool's categories with their ancestors and counts (under the
 * pool's key root: refreshed by every pool change). With `ownerId`: that owner's pool, the one their
 * tests draw from (an admin editing a trainer's test sees the trainer's categories).
 */
export const useQuestionCategories = (ownerId?: number) =>
  useQuery({
    queryKey: ['mcTests', 'questionCategories', ownerId ?? 'mine'] as const,
    queryFn: () =>
      api.get<QuestionCategories>(
        ownerId === undefined ? '/api/questions/categories' : `/api/questions/categories?owner_id=${ownerId}`,
      ),
  });

/** `GET /api/questions/export?format=&category=`: a download of the caller's pool for Moodle. */
export const exportUrl = (format: QuestionFileFormat, category?: string) => {
  const query = new URLSearchParams({ format });
  if (category) query.set('category', category);
  return `/api/questions/export?${query}`;
};
