import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enrolments, seminars } from '../../db/schema/index.ts';

/**
 * One person's grants (issue 19): exported; deleted with the account (an erased account holds
 * nothing; access links of its company grants end with them).
 */
export function enrolmentsPersonalData(db: Db) {
  return {
    async collect(userId: number) {
      return db
        .select({
          id: enrolments.id,
          seminar_id: enrolments.seminarId,
          seminar_title: seminars.title,
          source: enrolments.source,
          booking_id: enrolments.bookingId,
          company_booking_id: enrolments.companyBookingId,
          company_id: enrolments.companyId,
          granted_by: enrolments.grantedBy,
          granted_at: enrolments.grantedAt,
        })
        .from(enrolments)
        .innerJoin(seminars, eq(seminars.id, enrolments.seminarId))
        .where(eq(enrolments.userId, userId))
        .orderBy(asc(enrolments.id));
    },
    async erase(userId: number) {
      await db.delete(enrolments).where(eq(enrolments.userId, userId));
    },
  };
}
