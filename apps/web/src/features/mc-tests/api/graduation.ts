/** History, graduation and export: `/api/graduate/*` and the grant of another exam run. */
import {
  exportFileName,
  type GrantRunResult,
  type OwnerRow,
  type Paginated,
  type StudentRow,
} from '@elearn/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { mcTestKeys, type PageParams } from './keys';

export const HISTORY_PER_PAGE = 20;

/** `GET /api/graduate/history/student/?page=`: the caller's runs, newest first. */
export const getStudentHistory = (page: number) =>
  api.get<Paginated<StudentRow>>('/api/graduate/history/student/', {
    query: { page, per_page: HISTORY_PER_PAGE },
  });

export const useStudentHistory = (page: number) =>
  useQuery({
    queryKey: mcTestKeys.studentHistory(page),
    queryFn: () => getStudentHistory(page),
    placeholderData: keepPreviousData,
  });

export type OwnerHistoryParams = PageParams & { testId?: number | null; perPage?: number };

/** `GET /api/graduate/history/owner/?page=&mc_test_id=&q=`: runs of the caller's tests. */
export const getOwnerHistory = ({ page, q, testId, perPage }: OwnerHistoryParams) =>
  api.get<Paginated<OwnerRow>>('/api/graduate/history/owner/', {
    query: {
      page,
      q: q || undefined,
      mc_test_id: testId ?? undefined,
      per_page: perPage ?? HISTORY_PER_PAGE,
    },
  });

export const useOwnerHistory = (params: OwnerHistoryParams) =>
  useQuery({
    queryKey: mcTestKeys.ownerHistory(params),
    queryFn: () => getOwnerHistory(params),
    placeholderData: keepPreviousData,
  });

/** `PATCH /api/graduate/confirm {userGraduateId, passed}`: confirm (1) or undo (0) a graduation. */
export const confirmGraduation = ({ userGraduateId, passed }: { userGraduateId: number; passed: 0 | 1 }) =>
  api.patch<OwnerRow>('/api/graduate/confirm', { userGraduateId, passed });

export function useConfirmGraduation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmGraduation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mcTestKeys.all }),
  });
}

/** `POST /api/mc_tests/{id}/grant-run {userId}`: one more exam run for that user. */
export const grantRun = ({ mcTestId, userId }: { mcTestId: number; userId: number }) =>
  api.post<GrantRunResult>(`/api/mc_tests/${mcTestId}/grant-run`, { userId });

export function useGrantRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantRun,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mcTestKeys.all }),
  });
}

/** `GET /api/graduate/export/{id}` as a blob, saved as `<label>_<timestamp>.xlsx`. */
export const exportResults = (mcTestId: number, label: string) =>
  downloadFile(`/api/graduate/export/${mcTestId}`, exportFileName(label, new Date()));
