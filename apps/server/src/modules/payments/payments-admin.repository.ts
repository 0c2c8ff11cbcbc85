import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type Page, pagedFromNearerEnd } from '../../db/query-helpers.ts';
import { bookings, payments, seminars, users } from '../../db/schema/index.ts';

/** The admin area's views of payments and purchases (the admin routes check the caller's rights). */
export const paymentsAdminRepository = {
  /** every payment attempt matching the filter, newest first, with its payer and seminar */
  async adminPage(db: DbOrTx, f: { status?: string; from?: Date; to?: Date }, page: Page) {
    const conditions: SQL[] = [];
    if (f.status) conditions.push(eq(payments.status, f.status));
    if (f.from) conditions.push(gte(payments.createdAt, f.from));
    if (f.to) conditions.push(lt(payments.createdAt, f.to));
    const where = conditions.length ? and(...conditions) : undefined;
    return pagedFromNearerEnd(
      db,
      page,
      db.select({ one: sql`1` }).from(payments).where(where),
      (direction, window) =>
        db
          .select({
            payment: payments,
            user: { id: users.id, username: users.username, email: users.email },
            seminar: { id: seminars.id, title: seminars.title, slug: seminars.slug },
          })
          .from(payments)
          .innerJoin(users, eq(users.id, payments.userId))
          .innerJoin(bookings, eq(bookings.id, payments.bookingId))
          .innerJoin(seminars, eq(seminars.id, bookings.seminarId))
          .where(where)
          .orderBy(
            ...(direction === 'forward'
              ? [desc(payments.createdAt), desc(payments.id)]
              : [asc(payments.createdAt), asc(payments.id)]),
          )
          .limit(window.limit)
          .offset(window.offset),
    );
  },

  /** the user's purchases in any payment state, newest first, with their seminar */
  async purchasesOfUser(db: DbOrTx, userId: number) {
    return db
      .select({
        id: bookings.id,
        status: bookings.status,
        price: bookings.price,
        currency: bookings.currency,
        createdAt: bookings.createdAt,
        seminar: { id: seminars.id, title: seminars.title, slug: seminars.slug },
      })
      .from(bookings)
      .innerJoin(seminars, eq(seminars.id, bookings.seminarId))
      .where(eq(bookings.userId, userId))
      .orderBy(desc(bookings.createdAt));
  },

  /** the revenue of settled purchases per seminar, for the given seminars */
  async revenueBySeminar(db: DbOrTx, seminarIds: number[]): Promise<Map<number, number>> {
    if (seminarIds.length === 0) return new Map();
    const rows = await db
      .select({
        seminarId: bookings.seminarId,
        sum: sql<number>`coalesce(sum(${bookings.price} * ${bookings.quantity}), 0)::int`,
      })
      .from(bookings)
      .where(and(inArray(bookings.seminarId, seminarIds), eq(bookings.status, 'paid')))
      .groupBy(bookings.seminarId);
    return new Map(rows.map((r) => [r.seminarId, r.sum]));
  },
};
