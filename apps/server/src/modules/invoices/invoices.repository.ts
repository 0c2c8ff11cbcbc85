import { and, asc, count, desc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { invoiceCounters, invoiceLines, invoices, sellerSettings } from '../../db/schema/index.ts';

export type SellerRow = typeof sellerSettings.$inferSelect;
export type NewSellerRow = Omit<typeof sellerSettings.$inferInsert, 'id'>;
export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = Omit<typeof invoices.$inferInsert, 'id' | 'number' | 'year' | 'seq'>;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type NewInvoiceLine = Omit<typeof invoiceLines.$inferInsert, 'id' | 'invoiceId' | 'position'>;

export interface InvoiceFilter {
  year?: number;
  state?: string;
  companyId?: number;
}

const where = (f: InvoiceFilter): SQL | undefined => {
  const c: SQL[] = [];
  if (f.year !== undefined) c.push(eq(invoices.year, f.year));
  if (f.state) c.push(eq(invoices.state, f.state));
  if (f.companyId !== undefined) c.push(eq(invoices.companyId, f.companyId));
  return c.length ? and(...c) : undefined;
};

/** the only place that reads and writes invoices, their lines, the counters and the seller */
export const invoicesRepository = {
  async seller(db: DbOrTx): Promise<SellerRow | undefined> {
    const [row] = await db.select().from(sellerSettings).where(eq(sellerSettings.id, 1)).limit(1);
    return row;
  },
  /** the seller row locked for the caller's transaction (the settings an invoice snapshots) */
  async saveSeller(db: DbOrTx, values: NewSellerRow): Promise<SellerRow> {
    const [row] = await db
      .insert(sellerSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: sellerSettings.id, set: values })
      .returning();
    if (!row) throw new Error('upsert returned no row');
    return row;
  },

  /**
   * The next number of `year`: the counter row is created or incremented in the caller's
   * transaction (`INSERT … ON CONFLICT DO UPDATE … RETURNING`). Its row lock makes a concurrent
   * issuer — in this process or another instance — wait until this transaction ends; a rollback
   * gives the number back, so numbers have no gaps.
   */
  async nextSeq(db: DbOrTx, year: number): Promise<number> {
    const [row] = await db
      .insert(invoiceCounters)
      .values({ year, last: 1 })
      .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
      .returning({ last: invoiceCounters.last });
    if (!row) throw new Error('counter upsert returned no row');
    return row.last;
  },

  async insert(
    db: DbOrTx,
    head: NewInvoiceRow & { number: string; year: number; seq: number },
    lines: NewInvoiceLine[],
  ): Promise<InvoiceRow> {
    const [row] = await db.insert(invoices).values(head).returning();
    if (!row) throw new Error('insert returned no row');
    if (lines.length) {
      await db
        .insert(invoiceLines)
        .values(lines.map((l, i) => ({ ...l, invoiceId: row.id, position: i + 1 })));
    }
    return row;
  },

  async findById(db: DbOrTx, id: number): Promise<InvoiceRow | undefined> {
    const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
    return row;
  },
  /** the invoice locked for the caller's transaction (its credit notes are added one at a time) */
  async lockInvoice(db: DbOrTx, id: number): Promise<InvoiceRow | undefined> {
    const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).for('update').limit(1);
    return row;
  },
  /** the gross already credited on an invoice */
  async creditedGross(db: DbOrTx, invoiceId: number): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${invoices.grossTotal}), 0)::int` })
      .from(invoices)
      .where(and(eq(invoices.creditsInvoiceId, invoiceId), eq(invoices.kind, 'credit_note')));
    return Number(row?.n ?? 0);
  },
  async findByPayment(db: DbOrTx, paymentId: number): Promise<InvoiceRow | undefined> {
    const [row] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.paymentId, paymentId), eq(invoices.kind, 'invoice')))
      .limit(1);
    return row;
  },
  async numbersByIds(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await db
      .select({ id: invoices.id, number: invoices.number })
      .from(invoices)
      .where(inArray(invoices.id, ids));
    return new Map(rows.map((r) => [r.id, r.number]));
  },
  async linesOf(db: DbOrTx, invoiceIds: number[]): Promise<InvoiceLineRow[]> {
    if (!invoiceIds.length) return [];
    return db
      .select()
      .from(invoiceLines)
      .where(inArray(invoiceLines.invoiceId, invoiceIds))
      .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
  },

  /** the invoices a person bought or that belong to companies they manage, newest first */
  async pageOfBuyer(
    db: DbOrTx,
    userId: number,
    companyIds: number[],
    page: { limit: number; offset: number },
  ): Promise<{ rows: InvoiceRow[]; total: number }> {
    const mine = companyIds.length
      ? or(eq(invoices.userId, userId), inArray(invoices.companyId, companyIds))
      : eq(invoices.userId, userId);
    const [rows, [total]] = await Promise.all([
      db.select().from(invoices).where(mine).orderBy(desc(invoices.id)).limit(page.limit).offset(page.offset),
      db.select({ n: count() }).from(invoices).where(mine),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async adminPage(
    db: DbOrTx,
    f: InvoiceFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: InvoiceRow[]; total: number }> {
    const w = where(f);
    const [rows, [total]] = await Promise.all([
      db.select().from(invoices).where(w).orderBy(desc(invoices.id)).limit(page.limit).offset(page.offset),
      db.select({ n: count() }).from(invoices).where(w),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** the export's rows in number order, a batch after `afterId` */
  async batchAfter(db: DbOrTx, f: InvoiceFilter, afterId: number, limit: number): Promise<InvoiceRow[]> {
    const w = where(f);
    return db
      .select()
      .from(invoices)
      .where(w ? and(w, gt(invoices.id, afterId)) : gt(invoices.id, afterId))
      .orderBy(asc(invoices.id))
      .limit(limit);
  },

  /** every invoice a person bought (the data export) */
  async ofUser(db: DbOrTx, userId: number): Promise<InvoiceRow[]> {
    return db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(asc(invoices.id));
  },
};
