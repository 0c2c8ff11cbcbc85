import type { publicProfileSchema } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** `GET /api/users/profile/{slug}`: a trainer's public profile (404 for anyone else). */
export const getPublicProfile = (slug: string) =>
  api.get<PublicProfile>(`/api/users/profile/${encodeURIComponent(slug)}`);

export const publicProfileQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['users', 'profile', slug], queryFn: () => getPublicProfile(slug) });

export const usePublicProfile = (slug: string) => useQuery(publicProfileQueryOptions(slug));
