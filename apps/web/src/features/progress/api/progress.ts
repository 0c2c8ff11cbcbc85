import type {
  CertificateDto,
  CompletionSettingsBody,
  CompletionSettingsDto,
  LearnerProgressRow,
  MyCertificateDto,
  SeminarProgressDetailDto,
  SeminarProgressDto,
} from '@elearn/shared';
import { exportFileName } from '@elearn/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiUrl, readXsrfToken } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

/** Contract: docs/api/progress.md (issue 16). */
export const progressKeys = {
  all: ['progress'] as const,
  mine: ['progress', 'mine'] as const,
  seminar: (id: number) => ['progress', 'seminar', id] as const,
  learners: (id: number, page: number, kind?: string) =>
    ['progress', 'learners', id, page, kind ?? ''] as const,
  settings: (id: number) => ['progress', 'settings', id] as const,
  certificates: ['progress', 'certificates'] as const,
  certificate: (code: string) => ['certificate', code] as const,
};

export const myProgressQueryOptions = () =>
  queryOptions({
    queryKey: progressKeys.mine,
    queryFn: () => api.get<SeminarProgressDto[]>('/api/progress/seminars'),
  });
export const useMyProgress = (enabled = true) => useQuery({ ...myProgressQueryOptions(), enabled });

export const seminarProgressQueryOptions = (id: number) =>
  queryOptions({
    queryKey: progressKeys.seminar(id),
    queryFn: () => api.get<SeminarProgressDetailDto>(`/api/progress/seminars/${id}`),
  });
export const useSeminarProgress = (id: number | null, enabled = true) =>
  useQuery({ ...seminarProgressQueryOptions(id ?? 0), enabled: enabled && id !== null });

export interface LearnerPage {
  data: LearnerProgressRow[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}
export const useLearnerProgress = (id: number, page: number, kind?: 'personal' | 'company', enabled = true) =>
  useQuery({
    queryKey: progressKeys.learners(id, page, kind),
    queryFn: () =>
      api.get<LearnerPage>(`/api/progress/seminars/${id}/learners`, { query: { page, per_page: 25, kind } }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const exportProgress = (id: number, title: string) =>
  downloadFile(`/api/progress/seminars/${id}/export`, exportFileName(title, new Date(), 'progress'));

export const useCompletionSettings = (id: number) =>
  useQuery({
    queryKey: progressKeys.settings(id),
    queryFn: () => api.get<CompletionSettingsDto>(`/api/progress/seminars/${id}/settings`),
  });

export function useSaveCompletionSettings(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompletionSettingsBody) =>
      api.put<CompletionSettingsDto>(`/api/progress/seminars/${id}/settings`, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(progressKeys.settings(id), saved);
      void queryClient.invalidateQueries({ queryKey: progressKeys.all });
    },
  });
}

export const myCertificatesQueryOptions = () =>
  queryOptions({
    queryKey: progressKeys.certificates,
    queryFn: () => api.get<MyCertificateDto[]>('/api/certificates'),
  });
export const useMyCertificates = () => useQuery(myCertificatesQueryOptions());

export const certificateQueryOptions = (code: string) =>
  queryOptions({
    queryKey: progressKeys.certificate(code),
    queryFn: () => api.get<CertificateDto>(`/api/certificates/${encodeURIComponent(code)}`),
    retry: false,
  });
export const useCertificate = (code: string) => useQuery(certificateQueryOptions(code));

export const downloadCertificate = (code: string, fileName: string) =>
  downloadFile(`/api/certificates/${encodeURIComponent(code)}/pdf`, fileName);

export function useRevokeCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, reason }: { code: string; reason: string }) =>
      api.post<CertificateDto>(`/api/certificates/${encodeURIComponent(code)}/revoke`, { reason }),
    onSuccess: (cert) => {
      queryClient.setQueryData(progressKeys.certificate(cert.code), cert);
      void queryClient.invalidateQueries({ queryKey: progressKeys.all });
    },
  });
}

export interface PositionSave {
  position: number;
  duration: number;
  segments: [number, number][];
}

/** `POST /api/progress/videos/{id}/position` while the page is open (failures are only logged) */
export async function savePosition(videoId: number, save: PositionSave): Promise<void> {
  try {
    await api.post(`/api/progress/videos/${videoId}/position`, save);
  } catch (error) {
    console.warn('saving the video position failed', error);
  }
}

/**
 * The same save when the page is left: a beacon (it outlives the page) carrying the CSRF token
 * in its body, as JSON in a text/plain body (no preflight, docs/decisions.md issue 16). Falls
 * back to a keepalive fetch where beacons are missing.
 */
export function beaconPosition(videoId: number, save: PositionSave): void {
  const xsrf = readXsrfToken();
  if (!xsrf) return;
  const url = apiUrl(`/api/progress/videos/${videoId}/position`);
  const body = JSON.stringify({ ...save, xsrf });
  if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    if (navigator.sendBeacon(url, body)) return;
  }
  void fetch(url, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'include',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
  }).catch(() => undefined);
}
