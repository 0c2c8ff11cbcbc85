import type { CompanyBookingDto } from '@elearn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

/**
 * `GET /api/companies/seminars/booked`: managers (admins: all) get their companies' bookings with
 * `assigned_count`; other members get the company bookings they are assigned to.
 */
export const getCompanyBookings = () => api.get<CompanyBookingDto[]>('/api/companies/seminars/booked');

export const companyBookingsQueryOptions = () =>
  queryOptions({ queryKey: companyKeys.bookings(), queryFn: getCompanyBookings });

export const useCompanyBookings = () => useQuery(companyBookingsQueryOptions());

/** A seminar of a company booking with the booking's facts (for seminar card lists). */
export type CompanyBookedSeminar = CompanyBookingDto['seminar'] & {
  company_booking: { id: number; status: string; assigned_count: number };
};

/** The company's bookings (of one company) as seminars, newest booking first. */
export const useCompanyBookedSeminars = (companyId: number) =>
  useQuery({
    ...companyBookingsQueryOptions(),
    select: (bookings): CompanyBookedSeminar[] =>
      bookings
        .filter((booking) => booking.company.id === companyId)
        .map((booking) => ({
          ...booking.seminar,
          company_booking: { id: booking.id, status: booking.status, assigned_count: booking.assigned_count },
        })),
  });
