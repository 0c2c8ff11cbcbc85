import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { enrolments, users } from '../../db/schema/index.ts';
import { validGrant } from './enrolments.repository.ts';

/** one employee's seat: the package it is taken from and when the package ends */
export interface SeatGrant {
  userId: number;
  packageId: number;
  validUntil: Date;
}

/**
 * The grants that take a seat of a company's seat package (issue 38 item 4): company grants with
 * `seat_package_id`, ending at the package's `valid_until`. The companies module decides who gets
 * a seat (under its lock on the company booking); this file only stores and counts them.
 */
export const enrolmentSeats = (db: DbOrTx) => ({
  /**
   * Grants seats: one company grant per user on the company booking; a user whose earlier seat
   * ended (an expired package) gets the new seat on the same grant row.
   */
  async assign(
    values: {
      companyBookingId: number;
      companyId: number;
      seminarId: number;
      grantedBy: number | null;
      at: Date;
    },
    seats: SeatGrant[],
  ): Promise<{ userId: number; enrolmentId: number }[]> {
    if (seats.length === 0) return [];
    const { at, ...rest } = values;
    const rows = await db
      .insert(enrolments)
      .values(
        seats.map((s) => ({
          ...rest,
          userId: s.userId,
          source: 'company',
          seatPackageId: s.packageId,
          validUntil: s.validUntil,
          grantedAt: at,
          createdAt: at,
        })),
      )
      .onConflictDoUpdate({
        target: [enrolments.companyBookingId, enrolments.userId],
        set: {
          seatPackageId: sql`excluded.seat_package_id`,
          validUntil: sql`excluded.valid_until`,
          grantedBy: sql`excluded.granted_by`,
          grantedAt: sql`excluded.granted_at`,
        },
      })
      .returning({ userId: enrolments.userId, enrolmentId: enrolments.id });
    return rows.sort((a, b) => a.userId - b.userId);
  },
  /** the seats taken now per package (grants still valid) */
  async taken(packageIds: number[]): Promise<Map<number, number>> {
    if (packageIds.length === 0) return new Map();
    const rows = await db
      .select({ id: enrolments.seatPackageId, n: count() })
      .from(enrolments)
      .where(and(inArray(enrolments.seatPackageId, packageIds), validGrant))
      .groupBy(enrolments.seatPackageId);
    return new Map(rows.map((r) => [r.id ?? 0, Number(r.n)]));
  },
  /** of `userIds`, those holding a valid seat on the company booking: their grant and package */
  async holders(
    companyBookingId: number,
    userIds: number[],
  ): Promise<Map<number, { enrolmentId: number; packageId: number }>> {
    if (userIds.length === 0) return new Map();
    const rows = await db
      .select({ userId: enrolments.userId, enrolmentId: enrolments.id, packageId: enrolments.seatPackageId })
      .from(enrolments)
      .where(
        and(
          eq(enrolments.companyBookingId, companyBookingId),
          inArray(enrolments.userId, userIds),
          isNotNull(enrolments.seatPackageId),
          validGrant,
        ),
      );
    return new Map(rows.map((r) => [r.userId, { enrolmentId: r.enrolmentId, packageId: r.packageId! }]));
  },
  /** the users on a package's seats, the latest assigned first */
  async ofPackage(packageId: number): Promise<number[]> {
    const rows = await db
      .select({ userId: enrolments.userId })
      .from(enrolments)
      .where(and(eq(enrolments.seatPackageId, packageId), validGrant))
      .orderBy(desc(enrolments.grantedAt), desc(enrolments.id));
    return rows.map((r) => r.userId);
  },
  /** the people on a package's seats with their names, by name */
  async holdersNamed(packageId: number): Promise<{ id: number; name: string }[]> {
    const rows = await db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
      })
      .from(enrolments)
      .innerJoin(users, eq(users.id, enrolments.userId))
      .where(and(eq(enrolments.seatPackageId, packageId), validGrant))
      .orderBy(users.lastName, users.firstName, users.id);
    return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`.trim() || r.username }));
  },
  /** ends seats of a package (all of them when `userIds` is null); returns the users that had one */
  async release(packageId: number, userIds: number[] | null): Promise<number[]> {
    if (userIds?.length === 0) return [];
    const rows = await db
      .delete(enrolments)
      .where(
        and(
          eq(enrolments.seatPackageId, packageId),
          userIds ? inArray(enrolments.userId, userIds) : undefined,
        ),
      )
      .returning({ userId: enrolments.userId });
    return rows.map((r) => r.userId).sort((a, b) => a - b);
  },
});
