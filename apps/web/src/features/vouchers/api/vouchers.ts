import type {
  AdminSeminarDto,
  Paginated,
  VoucherBody,
  VoucherDto,
  VoucherRedemptionDto,
} from '@elearn/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const keys = {
  all: ['vouchers'] as const,
  list: (page: number) => ['vouchers', 'list', page] as const,
  one: (id: number) => ['vouchers', 'one', id] as const,
  redemptions: (id: number, page: number) => ['vouchers', 'redemptions', id, page] as const,
  seminars: ['vouchers', 'seminars'] as const,
};

/** `GET /api/admin/vouchers?page=`: every voucher with its redemption counts */
export const useVouchers = (page: number) =>
  useQuery({
    queryKey: keys.list(page),
    queryFn: () => api.get<Paginated<VoucherDto>>('/api/admin/vouchers', { query: { page } }),
    placeholderData: keepPreviousData,
  });

/** `GET /api/admin/vouchers/{id}` */
export const useVoucher = (id: number) =>
  useQuery({ queryKey: keys.one(id), queryFn: () => api.get<VoucherDto>(`/api/admin/vouchers/${id}`) });

/** `GET /api/admin/vouchers/{id}/redemptions?page=` */
export const useRedemptions = (id: number, page: number) =>
  useQuery({
    queryKey: keys.redemptions(id, page),
    queryFn: () =>
      api.get<Paginated<VoucherRedemptionDto>>(`/api/admin/vouchers/${id}/redemptions`, { query: { page } }),
    placeholderData: keepPreviousData,
  });

/** the seminars a voucher may be limited to (the admins' seminar list, first 100) */
export const useVoucherSeminars = () =>
  useQuery({
    queryKey: keys.seminars,
    queryFn: () => api.get<Paginated<AdminSeminarDto>>('/api/admin/seminars', { query: { per_page: 100 } }),
  });

/** `POST /api/admin/vouchers` or `PUT /api/admin/vouchers/{id}`: 422 with a message per field */
export function useSaveVoucher(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VoucherBody) =>
      id === null
        ? api.post<VoucherDto>('/api/admin/vouchers', body)
        : api.put<VoucherDto>(`/api/admin/vouchers/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** `PATCH /api/admin/vouchers/{id}/active` */
export function useSetVoucherActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      api.patch<VoucherDto>(`/api/admin/vouchers/${id}/active`, { active }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** `DELETE /api/admin/vouchers/{id}`: 409 once redeemed */
export function useDeleteVoucher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/api/admin/vouchers/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
