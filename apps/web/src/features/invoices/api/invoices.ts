import type { InvoiceDto, Paginated, SellerSettingsBody, SellerSettingsDto } from '@elearn/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiUrl } from '@/lib/api-client';

export interface AdminInvoiceFilter {
  year?: string;
  state?: string;
  company_id?: string;
}

const keys = {
  mine: (page: number) => ['invoices', 'mine', page] as const,
  admin: (f: AdminInvoiceFilter & { page: number }) => ['invoices', 'admin', f] as const,
  seller: ['invoices', 'seller'] as const,
};

/** only the filters that are set (an empty select sends nothing) */
export const filterQuery = (f: AdminInvoiceFilter) =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v)) as Record<string, string>;

/** `GET /api/me/invoices?page=`: the caller's invoices and those of companies they manage */
export const useMyInvoices = (page: number) =>
  useQuery({
    queryKey: keys.mine(page),
    queryFn: () => api.get<Paginated<InvoiceDto>>('/api/me/invoices', { query: { page } }),
    placeholderData: keepPreviousData,
  });

/** `GET /api/admin/invoices?year=&state=&company_id=&page=` */
export const useAdminInvoices = (f: AdminInvoiceFilter & { page: number }) =>
  useQuery({
    queryKey: keys.admin(f),
    queryFn: () =>
      api.get<Paginated<InvoiceDto>>('/api/admin/invoices', { query: { ...filterQuery(f), page: f.page } }),
    placeholderData: keepPreviousData,
  });

/** `GET /api/admin/seller` */
export const useSeller = () =>
  useQuery({ queryKey: keys.seller, queryFn: () => api.get<SellerSettingsDto>('/api/admin/seller') });

/** `PUT /api/admin/seller`: 422 with a message per field */
export function useSaveSeller() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SellerSettingsBody) => api.put<SellerSettingsDto>('/api/admin/seller', body),
    onSuccess: (saved) => client.setQueryData(keys.seller, saved),
  });
}

/** the PDF of an invoice (a plain link: the browser downloads it with the session cookie) */
export const invoicePdfUrl = (id: number) => apiUrl(`/api/invoices/${id}/pdf`);
/** the accountant's export of the filter */
export const invoiceExportUrl = (f: AdminInvoiceFilter) => {
  const q = new URLSearchParams(filterQuery(f)).toString();
  return apiUrl(`/api/admin/invoices/export${q ? `?${q}` : ''}`);
};
