import type { SeatPackageDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

/**
 * `GET /api/companies/{id}/seat-packages?seminar_id=` (issue 38 item 4): the company's seat
 * packages, newest first, with the seats left and the last valid day.
 */
export const getSeatPackages = (companyId: number, seminarId?: number) =>
  api.get<SeatPackageDto[]>(
    `/api/companies/${companyId}/seat-packages${seminarId ? `?seminar_id=${seminarId}` : ''}`,
  );

export const seatPackagesQueryOptions = (companyId: number, seminarId?: number) =>
  queryOptions({
    queryKey: companyKeys.seatPackages(companyId, seminarId),
    queryFn: () => getSeatPackages(companyId, seminarId),
  });

export const useSeatPackages = (companyId: number, seminarId?: number) =>
  useQuery(seatPackagesQueryOptions(companyId, seminarId));
