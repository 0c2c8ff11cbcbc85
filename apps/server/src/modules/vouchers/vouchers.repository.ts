import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type Page, paged } from '../../db/query-helpers.ts';
import { seminars, users, voucherRedemptions, voucherSeminars, vouchers } from '../../db/schema/index.ts';

export type VoucherRow = typeof vouchers.$inferSelect;
export type NewVoucherRow = typeof vouchers.$inferInsert;
export type RedemptionRow = typeof voucherRedemptions.$inferSelect;

/** the statuses that count against a voucher's caps */
const COUNTED = ['held', 'redeemed'] as const;

/** The vouchers module's queries: vouchers, their seminars and their redemptions. */
export const vouchersRepository = {
  async findById(db: DbOrTx, id: number): Promise<VoucherRow | undefined> {
    const [row] = await db.select().from(vouchers).where(eq(vouchers.id, id)).limit(1);
    return row;
  },
  async lockById(db: DbOrTx, id: number): Promise<VoucherRow | undefined> {
    const [row] = await db.select().from(vouchers).where(eq(vouchers.id, id)).for('update').limit(1);
    return row;
  },
  /** by code regardless of case; `lock`: the row stays locked until the transaction ends */
  async findByCode(db: DbOrTx, code: string, lock = false): Promise<VoucherRow | undefined> {
    const q = db.select().from(vouchers).where(sql`lower(${vouchers.code}) = ${code.toLowerCase()}`).limit(1);
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async page(db: DbOrTx, page: Page) {
    return paged(
      db.select().from(vouchers).orderBy(desc(vouchers.id)).limit(page.limit).offset(page.offset),
      db.select({ n: count() }).from(vouchers),
    );
  },
  /** per voucher: its redemptions held and redeemed */
  async counts(db: DbOrTx, ids: number[]) {
    if (!ids.length) return [];
    return db
      .select({ voucherId: voucherRedemptions.voucherId, status: voucherRedemptions.status, n: count() })
      .from(voucherRedemptions)
      .where(
        and(inArray(voucherRedemptions.voucherId, ids), inArray(voucherRedemptions.status, [...COUNTED])),
      )
      .groupBy(voucherRedemptions.voucherId, voucherRedemptions.status);
  },
  /** the chosen seminars of the vouchers, with their titles */
  async seminarsOf(db: DbOrTx, ids: number[]) {
    if (!ids.length) return [];
    return db
      .select({ voucherId: voucherSeminars.voucherId, id: seminars.id, title: seminars.title })
      .from(voucherSeminars)
      .innerJoin(seminars, eq(seminars.id, voucherSeminars.seminarId))
      .where(inArray(voucherSeminars.voucherId, ids))
      .orderBy(seminars.title);
  },
  async existingSeminars(db: DbOrTx, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await db.select({ id: seminars.id }).from(seminars).where(inArray(seminars.id, ids));
    return rows.map((r) => r.id);
  },
  async isForSeminar(db: DbOrTx, voucherId: number, seminarId: number): Promise<boolean> {
    const [row] = await db
      .select({ one: sql`1` })
      .from(voucherSeminars)
      .where(and(eq(voucherSeminars.voucherId, voucherId), eq(voucherSeminars.seminarId, seminarId)))
      .limit(1);
    return !!row;
  },
  async insert(db: DbOrTx, values: NewVoucherRow): Promise<VoucherRow> {
    const [row] = await db.insert(vouchers).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },
  async update(db: DbOrTx, id: number, values: Partial<NewVoucherRow>): Promise<VoucherRow | undefined> {
    const [row] = await db
      .update(vouchers)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(vouchers.id, id))
      .returning();
    return row;
  },
  async setSeminars(db: DbOrTx, voucherId: number, seminarIds: number[]): Promise<void> {
    await db.delete(voucherSeminars).where(eq(voucherSeminars.voucherId, voucherId));
    if (seminarIds.length) {
      await db.insert(voucherSeminars).values(seminarIds.map((seminarId) => ({ voucherId, seminarId })));
    }
  },
  async delete(db: DbOrTx, id: number): Promise<void> {
    await db.delete(vouchers).where(eq(vouchers.id, id));
  },
  /** the redemptions that count against the caps: in all, and of one user */
  async countedUses(db: DbOrTx, voucherId: number, userId: number) {
    const [row] = await db
      .select({
        total: count(),
        own: sql<number>`count(*) filter (where ${voucherRedemptions.userId} = ${userId})`.mapWith(Number),
      })
      .from(voucherRedemptions)
      .where(
        and(eq(voucherRedemptions.voucherId, voucherId), inArray(voucherRedemptions.status, [...COUNTED])),
      );
    return { total: row?.total ?? 0, own: row?.own ?? 0 };
  },
  async insertRedemption(db: DbOrTx, values: typeof voucherRedemptions.$inferInsert): Promise<void> {
    await db.insert(voucherRedemptions).values(values);
  },
  /** a held redemption of the attempt becomes `redeemed` or `released`; nothing else moves */
  async settle(db: DbOrTx, paymentId: number, to: 'redeemed' | 'released'): Promise<void> {
    await db
      .update(voucherRedemptions)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(voucherRedemptions.paymentId, paymentId), eq(voucherRedemptions.status, 'held')));
  },
  async ofPayment(db: DbOrTx, paymentId: number): Promise<RedemptionRow | undefined> {
    const [row] = await db
      .select()
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.paymentId, paymentId))
      .limit(1);
    return row;
  },
  async redemptionsPage(db: DbOrTx, voucherId: number, page: Page) {
    const where = eq(voucherRedemptions.voucherId, voucherId);
    return paged(
      db
        .select({
          redemption: voucherRedemptions,
          user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
          seminar: { id: seminars.id, title: seminars.title },
        })
        .from(voucherRedemptions)
        .innerJoin(users, eq(users.id, voucherRedemptions.userId))
        .innerJoin(seminars, eq(seminars.id, voucherRedemptions.seminarId))
        .where(where)
        .orderBy(desc(voucherRedemptions.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: count() }).from(voucherRedemptions).where(where),
    );
  },
  /** a person's redemptions with the voucher's code and the seminar (privacy export) */
  async ofUser(db: DbOrTx, userId: number) {
    return db
      .select({ redemption: voucherRedemptions, seminar: { id: seminars.id, title: seminars.title } })
      .from(voucherRedemptions)
      .innerJoin(seminars, eq(seminars.id, voucherRedemptions.seminarId))
      .where(eq(voucherRedemptions.userId, userId))
      .orderBy(voucherRedemptions.id);
  },
};
