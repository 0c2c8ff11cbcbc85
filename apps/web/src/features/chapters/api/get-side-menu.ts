import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SideMenuEntry } from '../types';
import { chapterKeys } from './keys';

/** `GET /api/chapters?seminar_id=`: the side menu (chapters by position with their sub-chapters). */
export const getSideMenu = (seminarId: number) =>
  api.get<SideMenuEntry[]>('/api/chapters', { query: { seminar_id: seminarId } });

export const sideMenuQueryOptions = (seminarId: number) =>
  queryOptions({ queryKey: chapterKeys.menu(seminarId), queryFn: () => getSideMenu(seminarId) });

export const useSideMenu = (seminarId: number | null, enabled = true) =>
  useQuery({ ...sideMenuQueryOptions(seminarId ?? 0), enabled: enabled && seminarId !== null });
