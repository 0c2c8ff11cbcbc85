import { and, asc, count, desc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/query-helpers.ts';
import { invoiceLines, invoices, sellerSettings } from '../../db/schema/index.ts';

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
   * Numbers and stores an invoice with its lines in ONE statement (the counter's upsert, the
   * invoice and its lines as one CTE): the counter row stays locked from here to the commit, so
   * this is meant to be the transaction's last statement; concurrent issuers wait one round trip
   * and a commit each. Answers the new invoice's id.
   */
  async issue(db: DbOrTx, year: number, head: NewInvoiceRow, lines: NewInvoiceLine[]): Promise<number> {
    const ts = (d: Date | null | undefined) => (d ? d.toISOString() : null);
    const lineRows = JSON.stringify(
      lines.map((l, i) => ({
        position: i + 1,
        description: l.description,
        seminar_id: l.seminarId ?? null,
        quantity: l.quantity ?? 1,
        net: l.net,
        vat: l.vat,
        gross: l.gross,
        vat_rate_bp: l.vatRateBp,
      })),
    );
    // credit notes count in a series of their own (`GS-2026-000001`), invoices in theirs
    const credit = head.kind === 'credit_note';
    const counter = sql.raw(credit ? 'credit_note_counters' : 'invoice_counters');
    const prefix = credit ? 'GS-' : '';
    const res = await db.execute(sql`
      with c as (
        insert into ${counter} (year, last) values (${year}, 1)
        on conflict (year) do update set last = ${counter}.last + 1
        returning last
      ), i as (
        insert into invoices (number, year, seq, kind, credits_invoice_id, booking_id, payment_id,
          user_id, company_id, state, locale, currency, net_total, vat_total, rounding, gross_total,
          vat_rate_bp, prices_include_vat, seller, buyer, issued_at, due_at, paid_at, payment_reference)
        select ${prefix} || ${year}::text || '-' || lpad(c.last::text, 6, '0'), ${year}, c.last, ${head.kind ?? 'invoice'},
          ${head.creditsInvoiceId ?? null}::int, ${head.bookingId ?? null}::int, ${head.paymentId ?? null}::int,
          ${head.userId ?? null}::int, ${head.companyId ?? null}::int, ${head.state}, ${head.locale},
          ${head.currency}, ${head.netTotal}, ${head.vatTotal}, ${head.rounding ?? 0}, ${head.grossTotal},
          ${head.vatRateBp}, ${head.pricesIncludeVat}, ${JSON.stringify(head.seller)}::jsonb,
          ${JSON.stringify(head.buyer)}::jsonb, ${ts(head.issuedAt)}::timestamptz,
          ${ts(head.dueAt)}::timestamptz, ${ts(head.paidAt)}::timestamptz, ${head.paymentReference ?? null}::text
        from c
        returning id
      ), l as (
        insert into invoice_lines (invoice_id, position, description, seminar_id, quantity, net, vat, gross, vat_rate_bp)
        select i.id, v.position, v.description, v.seminar_id, v.quantity, v.net, v.vat, v.gross, v.vat_rate_bp
        from i, jsonb_to_recordset(${lineRows}::jsonb) as v(position int, description text, seminar_id int,
          quantity int, net int, vat int, gross int, vat_rate_bp int)
        returning 1
      )
      select i.id, (select count(*) from l) as lines from i`);
    const [row] = rowsOf(res);
    if (!row) throw new Error('issuing returned no row');
    return Number(row.id);
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
  /** the gross credited per invoice (the amount due of open invoices), by invoice id */
  async creditedOf(db: DbOrTx, invoiceIds: number[]): Promise<Map<number, number>> {
    if (!invoiceIds.length) return new Map();
    const rows = await db
      .select({ id: invoices.creditsInvoiceId, n: sql<number>`sum(${invoices.grossTotal})::int` })
      .from(invoices)
      .where(and(inArray(invoices.creditsInvoiceId, invoiceIds), eq(invoices.kind, 'credit_note')))
      .groupBy(invoices.creditsInvoiceId);
    return new Map(rows.map((r) => [r.id!, Number(r.n)]));
  },
  /** an open credit note becomes `paid`: its money went back (a refund the provider completed) */
  async markPaid(db: DbOrTx, id: number, at: Date): Promise<void> {
    await db
      .update(invoices)
      .set({ state: 'paid', paidAt: at })
      .where(and(eq(invoices.id, id), eq(invoices.state, 'open')));
  },
  /** the next number for a payment reference (a sequence: gaps do not matter there) */
  async nextReferenceNumber(db: DbOrTx): Promise<number> {
    const [row] = rowsOf(await db.execute(sql`select nextval('invoice_reference_seq')::text as n`));
    return Number(row?.n);
  },
  /** the invoices with these payment references, locked for the caller's transaction when asked */
  async byReferences(db: DbOrTx, refs: string[], lock = false): Promise<InvoiceRow[]> {
    if (!refs.length) return [];
    const q = db
      .select()
      .from(invoices)
      .where(and(inArray(invoices.paymentReference, refs), eq(invoices.kind, 'invoice')))
      .orderBy(asc(invoices.id));
    return lock ? q.for('update') : q;
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
