import type { SeminarDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { seminarKeys } from './keys';

/** `GET /api/seminars/slug/{slug}`: the seminar of the public page `/seminar/{slug}`. */
export const getSeminarBySlug = (slug: string) =>
  api.get<SeminarDto>(`/api/seminars/slug/${encodeURIComponent(slug)}`);

export const seminarBySlugQueryOptions = (slug: string) =>
  queryOptions({ queryKey: seminarKeys.slug(slug), queryFn: () => getSeminarBySlug(slug) });

export const useSeminarBySlug = (slug: string) => useQuery(seminarBySlugQueryOptions(slug));
