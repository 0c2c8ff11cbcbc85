import type { Db } from '../../db/client.ts';
import { vouchersRepository as repo } from './vouchers.repository.ts';

/**
 * A person's voucher redemptions (issue 38 item 5): what the data export shows. A redemption
 * belongs to a payment (an accounting record kept 10 years): an erased account leaves it with
 * the code and the discount, linked only to the anonymised account, like the payment.
 */
export function vouchersPersonalData(db: Db) {
  return {
    async collect(userId: number) {
      return (await repo.ofUser(db, userId)).map((r) => ({
        code: r.redemption.code,
        seminar_id: r.seminar.id,
        seminar_title: r.seminar.title,
        booking_id: r.redemption.bookingId,
        discount: r.redemption.discount,
        status: r.redemption.status,
        created_at: r.redemption.createdAt,
      }));
    },
  };
}
