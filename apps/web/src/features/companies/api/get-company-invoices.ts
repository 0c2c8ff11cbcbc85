import type { InvoiceDto, Paginated } from '@elearn/shared';
import { useQuery } from '@tanstack/react-query';
import { api, apiUrl } from '@/lib/api-client';

/**
 * The invoices a manager sees (`GET /api/me/invoices`: their own and their companies', issue 38),
 * newest first, for the invoice link of each paid company booking.
 */
export const useCompanyInvoices = () =>
  useQuery({
    queryKey: ['invoices', 'mine', 'company-bookings'],
    queryFn: () => api.get<Paginated<InvoiceDto>>('/api/me/invoices', { query: { per_page: 100 } }),
  });

/** the invoice of a company's purchase of a seminar, if any */
export const invoiceOfBooking = (invoices: InvoiceDto[] | undefined, companyId: number, seminarId: number) =>
  invoices?.find(
    (i) =>
      i.kind === 'invoice' && i.company_id === companyId && i.lines.some((l) => l.seminar_id === seminarId),
  );

export const invoicePdfHref = (id: number) => apiUrl(`/api/invoices/${id}/pdf`);
