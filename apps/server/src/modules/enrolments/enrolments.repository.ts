import { PGlite } from '@electric-sql/pglite';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { enrolments, users } from '../../db/schema/index.ts';
import { holdsSqlText } from './enrolments.sql.ts';

export type EnrolmentRow = typeof enrolments.$inferSelect;
export type GrantSource = 'free' | 'purchase' | 'company';
export const PERSONAL_SOURCES = ['free', 'purchase'] as const;

export const learnerUser = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};
export interface LearnerRow {
  enrolment: EnrolmentRow;
  user: { id: number; username: string; firstName: string; lastName: string; email: string };
}

/** a grant counts until its valid_until (a seat package's expiry; null = no end) */
export const validGrant = sql`(${enrolments.validUntil} is null or ${enrolments.validUntil} > now())`;

// holds(user, seminar): one prepared statement per database, as the other hot queries
const prepared = new WeakMap<object, Promise<void>>();
const isPglite = (db: DbOrTx) => '$client' in db && db.$client instanceof PGlite;
const holdsStatements = new WeakMap<object, ReturnType<typeof buildHolds>>();
function buildHolds(db: DbOrTx) {
  return db
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(
      and(
        eq(enrolments.userId, sql.placeholder('userId')),
        eq(enrolments.seminarId, sql.placeholder('seminarId')),
        validGrant,
      ),
    )
    .limit(1)
    .prepare('enrolments_holds');
}

/** The only place that builds queries on `enrolments` (the grants). */
export const enrolmentsRepository = {
  /**
   * Whether `userId` holds `seminarId` through any grant. On PGlite (no named statements in its
   * driver) a server-side `PREPARE` made once per database; the ids are validated integers.
   */
  async holds(db: DbOrTx, userId: number, seminarId: number): Promise<boolean> {
    if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(seminarId)) {
      throw new TypeError('integer ids expected');
    }
    if (isPglite(db)) {
      let ready = prepared.get(db);
      if (!ready) {
        ready = db
          .execute(
            sql.raw(`prepare enrolments_holds_sql(int, int) as select ${holdsSqlText('$1', '$2')} as held`),
          )
          .then(() => undefined);
        prepared.set(db, ready);
        ready.catch(() => prepared.delete(db));
      }
      await ready;
      const result = await db.execute(sql.raw(`execute enrolments_holds_sql(${seminarId}, ${userId})`));
      return !!(result as unknown as { rows: { held: unknown }[] }).rows[0]?.held;
    }
    let statement = holdsStatements.get(db);
    if (!statement) {
      statement = buildHolds(db);
      holdsStatements.set(db, statement);
    }
    const rows = await statement.execute({ seminarId, userId });
    return rows.length > 0;
  },
  /** of `seminarIds`, those `userId` holds */
  async heldAmong(db: DbOrTx, userId: number, seminarIds: number[]): Promise<Set<number>> {
    if (seminarIds.length === 0) return new Set();
    const rows = await db
      .selectDistinct({ id: enrolments.seminarId })
      .from(enrolments)
      .where(and(eq(enrolments.userId, userId), inArray(enrolments.seminarId, seminarIds), validGrant));
    return new Set(rows.map((r) => r.id));
  },
  /** the seminars `userId` holds, the most recently granted first */
  async seminarsOf(db: DbOrTx, userId: number): Promise<{ seminarId: number; grantedAt: Date }[]> {
    return db
      .select({ seminarId: enrolments.seminarId, grantedAt: sql<Date>`max(${enrolments.createdAt})` })
      .from(enrolments)
      .where(and(eq(enrolments.userId, userId), validGrant))
      .groupBy(enrolments.seminarId)
      .orderBy(desc(sql`max(${enrolments.createdAt})`), desc(enrolments.seminarId))
      .then((rows) => rows.map((r) => ({ seminarId: r.seminarId, grantedAt: new Date(r.grantedAt) })));
  },
  async grantsOf(db: DbOrTx, userId: number, seminarId: number): Promise<EnrolmentRow[]> {
    return db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.userId, userId), eq(enrolments.seminarId, seminarId)))
      .orderBy(asc(enrolments.id));
  },
  async grantsOfUser(db: DbOrTx, userId: number): Promise<EnrolmentRow[]> {
    return db
      .select()
      .from(enrolments)
      .where(eq(enrolments.userId, userId))
      .orderBy(desc(enrolments.createdAt), desc(enrolments.id));
  },
  async findById(db: DbOrTx, id: number): Promise<EnrolmentRow | undefined> {
    const [row] = await db.select().from(enrolments).where(eq(enrolments.id, id)).limit(1);
    return row;
  },

  /** a free booking: one `free` grant per seminar and user; returns it and whether it is new */
  async grantFree(
    db: DbOrTx,
    values: { seminarId: number; userId: number; at: Date },
  ): Promise<{ row: EnrolmentRow; created: boolean }> {
    const [inserted] = await db
      .insert(enrolments)
      .values({
        seminarId: values.seminarId,
        userId: values.userId,
        source: 'free',
        grantedAt: values.at,
        createdAt: values.at,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { row: inserted, created: true };
    const [existing] = await db
      .select()
      .from(enrolments)
      .where(
        and(
          eq(enrolments.seminarId, values.seminarId),
          eq(enrolments.userId, values.userId),
          eq(enrolments.source, 'free'),
        ),
      )
      .limit(1);
    if (!existing) throw new Error('free grant vanished');
    return { row: existing, created: false };
  },
  /** the grant of a settled purchase, once (a repeated grant keeps the first) */
  async grantBooking(
    db: DbOrTx,
    values: { bookingId: number; seminarId: number; userId: number; at: Date },
  ): Promise<void> {
    await db
      .insert(enrolments)
      .values({
        bookingId: values.bookingId,
        seminarId: values.seminarId,
        userId: values.userId,
        source: 'purchase',
        grantedAt: values.at,
        createdAt: values.at,
      })
      .onConflictDoNothing({ target: enrolments.bookingId });
  },
  async revokeBooking(db: DbOrTx, bookingId: number): Promise<void> {
    await db.delete(enrolments).where(eq(enrolments.bookingId, bookingId));
  },

  /** company grants for `userIds` (a user assigned already keeps theirs); returns every user's grant */
  async assign(
    db: DbOrTx,
    values: {
      companyBookingId: number;
      companyId: number;
      seminarId: number;
      userIds: number[];
      grantedBy: number | null;
      at: Date;
    },
  ): Promise<{ userId: number; enrolmentId: number }[]> {
    if (values.userIds.length === 0) return [];
    const { userIds, at, ...rest } = values;
    await db
      .insert(enrolments)
      .values(userIds.map((userId) => ({ ...rest, userId, source: 'company', grantedAt: at, createdAt: at })))
      .onConflictDoNothing({ target: [enrolments.companyBookingId, enrolments.userId] });
    const rows = await db
      .select({ userId: enrolments.userId, enrolmentId: enrolments.id })
      .from(enrolments)
      .where(
        and(eq(enrolments.companyBookingId, values.companyBookingId), inArray(enrolments.userId, userIds)),
      );
    return rows.sort((a, b) => a.userId - b.userId);
  },
  async unassign(db: DbOrTx, companyBookingId: number, userIds: number[]): Promise<number[]> {
    if (userIds.length === 0) return [];
    const rows = await db
      .delete(enrolments)
      .where(and(eq(enrolments.companyBookingId, companyBookingId), inArray(enrolments.userId, userIds)))
      .returning({ userId: enrolments.userId });
    return rows.map((r) => r.userId).sort((a, b) => a - b);
  },
  async unassignAllOf(db: DbOrTx, companyId: number, userId: number): Promise<void> {
    await db
      .delete(enrolments)
      .where(and(eq(enrolments.companyId, companyId), eq(enrolments.userId, userId)));
  },

  /** company grants with their users (of the given seminars and/or companies) */
  async companyGrants(
    db: DbOrTx,
    where: { seminarIds?: number[]; companyIds?: number[] | null; userId?: number; userIds?: number[] },
  ): Promise<LearnerRow[]> {
    if ([where.seminarIds, where.companyIds, where.userIds].some((l) => l?.length === 0)) return [];
    return db
      .select({ enrolment: enrolments, user: learnerUser })
      .from(enrolments)
      .innerJoin(users, eq(users.id, enrolments.userId))
      .where(
        and(
          eq(enrolments.source, 'company'),
          where.seminarIds ? inArray(enrolments.seminarId, where.seminarIds) : undefined,
          where.companyIds ? inArray(enrolments.companyId, where.companyIds) : undefined,
          where.userId !== undefined ? eq(enrolments.userId, where.userId) : undefined,
          where.userIds ? inArray(enrolments.userId, where.userIds) : undefined,
        ),
      )
      .orderBy(users.lastName, users.firstName, users.id);
  },
  /** assigned employees per company booking */
  async assignedCounts(db: DbOrTx, companyBookingIds: number[]): Promise<Map<number, number>> {
    if (companyBookingIds.length === 0) return new Map();
    const rows = await db
      .select({ id: enrolments.companyBookingId, n: count() })
      .from(enrolments)
      .where(inArray(enrolments.companyBookingId, companyBookingIds))
      .groupBy(enrolments.companyBookingId);
    return new Map(rows.map((r) => [r.id ?? 0, Number(r.n)]));
  },

  /** one page of a seminar's learners (every grant; `personal` or `company` only when asked) */
  async learnersPage(
    db: DbOrTx,
    seminarId: number,
    opts: { kind?: 'personal' | 'company'; companyIds?: number[] | null; limit: number; offset: number },
  ): Promise<{ rows: LearnerRow[]; total: number }> {
    if (opts.companyIds?.length === 0) return { rows: [], total: 0 };
    const where = and(
      eq(enrolments.seminarId, seminarId),
      opts.kind === 'personal' ? inArray(enrolments.source, [...PERSONAL_SOURCES]) : undefined,
      opts.kind === 'company' ? eq(enrolments.source, 'company') : undefined,
      opts.companyIds ? inArray(enrolments.companyId, opts.companyIds) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({ enrolment: enrolments, user: learnerUser })
        .from(enrolments)
        .innerJoin(users, eq(users.id, enrolments.userId))
        .where(where)
        .orderBy(users.lastName, users.firstName, users.id, enrolments.id)
        .limit(opts.limit)
        .offset(opts.offset),
      db.select({ n: count() }).from(enrolments).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },
  /** the number of personal learners (free bookings and settled purchases) per seminar */
  async personalCounts(db: DbOrTx, seminarIds: number[]): Promise<Map<number, number>> {
    if (seminarIds.length === 0) return new Map();
    const rows = await db
      .select({ seminarId: enrolments.seminarId, n: count() })
      .from(enrolments)
      .where(
        and(inArray(enrolments.seminarId, seminarIds), inArray(enrolments.source, [...PERSONAL_SOURCES])),
      )
      .groupBy(enrolments.seminarId);
    return new Map(rows.map((r) => [r.seminarId, Number(r.n)]));
  },
  /** every grant of a seminar counts (deleting a seminar that has learners needs confirmation) */
  async countOfSeminar(db: DbOrTx, seminarId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(enrolments).where(eq(enrolments.seminarId, seminarId));
    return Number(row?.n ?? 0);
  },
};
