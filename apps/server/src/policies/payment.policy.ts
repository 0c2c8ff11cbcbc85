import type { AuthUser } from '../plugins/session.ts';

type Actor = Pick<AuthUser, 'id'> | null;

/**
 * Payment rules as pure functions. A booking's payments belong to the user who booked: nobody
 * else (not even an admin) sees its payment status, pays for it or settles its test payment
 * (SECURITY B-07, D-08: anyone else gets 404).
 */
export const paymentPolicy = {
  viewBooking: (a: Actor, booking: { userId: number }) => !!a && booking.userId === a.id,
  payBooking: (a: Actor, booking: { userId: number }) => !!a && booking.userId === a.id,
  /**
   * Online payment: public seminars (not company seminars) for oneself; for a company (its manager
   * buys), public seminars and the company seminars made for that company.
   */
  payable: (
    seminar: { isPublic: boolean; isCompany: boolean; companyId: number | null },
    forCompanyId: number | null,
  ) =>
    forCompanyId === null
      ? seminar.isPublic && !seminar.isCompany
      : seminar.isCompany
        ? seminar.companyId === forCompanyId
        : seminar.isPublic,
};
