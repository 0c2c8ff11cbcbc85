import type { McTestReport } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mcTestKeys } from './keys';

/** `GET /api/mc_tests/{id}/report`: runs, pass rate, score distribution, per-question rates. */
export const getMcTestReport = (id: number) => api.get<McTestReport>(`/api/mc_tests/${id}/report`);

export const mcTestReportQueryOptions = (id: number) =>
  queryOptions({ queryKey: mcTestKeys.report(id), queryFn: () => getMcTestReport(id) });

export const useMcTestReport = (id: number | null) =>
  useQuery({ ...mcTestReportQueryOptions(id ?? 0), enabled: id !== null });
