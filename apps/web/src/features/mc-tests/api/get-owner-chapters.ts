import type { OwnerChapter } from '@elearn/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mcTestKeys } from './keys';

/** `GET /api/chapters/mcTests/owner`: every chapter of the caller's seminars (the attach choice). */
export const getOwnerChapters = () => api.get<OwnerChapter[]>('/api/chapters/mcTests/owner');

export const useOwnerChapters = (enabled = true) =>
  useQuery({ queryKey: mcTestKeys.ownerChapters(), queryFn: getOwnerChapters, enabled });
