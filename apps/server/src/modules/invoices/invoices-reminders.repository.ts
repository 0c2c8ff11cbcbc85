import { and, asc, eq, gt, inArray, isNull, lte, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { invoiceReminders, invoices, users } from '../../db/schema/index.ts';

/** an open invoice past a reminder step it has not had yet */
export interface OverdueInvoice {
  id: number;
  number: string;
  userId: number | null;
  companyId: number | null;
  currency: string;
  grossTotal: number;
  dueAt: Date;
  buyer: unknown;
  /** the step reached (docs/decisions/payments.md "Payment reminders") */
  step: number;
}

export interface ReminderRecipient {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  username: string;
  locale: string;
}

/** the payment reminders of overdue invoices (issue 38 item 3): what is due, who, what was sent */
export const invoiceRemindersRepository = {
  /**
   * Open invoices (not credit notes) due before `cutoffs[0]` (a step's moment has come), with the
   * highest step reached (`cutoffs[i]`: due before it, step i + 1 reached) and no reminder of that
   * step or a later one yet; by id after `afterId`.
   */
  async overduePage(db: DbOrTx, cutoffs: Date[], afterId: number, limit: number): Promise<OverdueInvoice[]> {
    const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;
    const step = sql<number>`(case ${sql.join(
      cutoffs
        .map((c, i) => sql`when ${invoices.dueAt} <= ${iso(c)} then ${sql.raw(String(i + 1))}`)
        .reverse(),
      sql` `,
    )} end)`;
    const rows = await db
      .select({
        id: invoices.id,
        number: invoices.number,
        userId: invoices.userId,
        companyId: invoices.companyId,
        currency: invoices.currency,
        grossTotal: invoices.grossTotal,
        dueAt: invoices.dueAt,
        buyer: invoices.buyer,
        step: step.mapWith(Number),
      })
      .from(invoices)
      .where(
        and(
          eq(invoices.kind, 'invoice'),
          eq(invoices.state, 'open'),
          lte(invoices.dueAt, cutoffs[0]!),
          gt(invoices.id, afterId),
          sql`not exists (select 1 from invoice_reminders r where r.invoice_id = ${invoices.id} and r.step >= ${step})`,
        ),
      )
      .orderBy(asc(invoices.id))
      .limit(limit);
    return rows.map((r) => ({ ...r, dueAt: r.dueAt! }));
  },

  /** of `ids`, the active accounts with their address, name and language */
  async recipients(db: DbOrTx, ids: number[]): Promise<Map<number, ReminderRecipient>> {
    if (!ids.length) return new Map();
    const rows = await db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
        locale: users.locale,
      })
      .from(users)
      .where(and(inArray(users.id, [...new Set(ids)]), isNull(users.disabledAt)));
    return new Map(rows.map((r) => [r.id, r]));
  },

  /** records a step of an invoice; false when it was recorded before (another instance, a retry) */
  async record(tx: DbOrTx, invoiceId: number, step: number, at: Date, mails: number): Promise<boolean> {
    const rows = await tx
      .insert(invoiceReminders)
      .values({ invoiceId, step, sentAt: at, mails })
      .onConflictDoNothing()
      .returning({ id: invoiceReminders.id });
    return rows.length > 0;
  },

  /** the reminders of invoices: how many steps were mailed, the last when (the admin list) */
  async summaries(db: DbOrTx, invoiceIds: number[]): Promise<Map<number, { count: number; last: Date }>> {
    if (!invoiceIds.length) return new Map();
    const rows = await db
      .select({
        invoiceId: invoiceReminders.invoiceId,
        count: sql<number>`count(*)::int`,
        last: max(invoiceReminders.sentAt),
      })
      .from(invoiceReminders)
      .where(and(inArray(invoiceReminders.invoiceId, invoiceIds), gt(invoiceReminders.mails, 0)))
      .groupBy(invoiceReminders.invoiceId);
    return new Map(rows.map((r) => [r.invoiceId, { count: Number(r.count), last: r.last! }]));
  },
};
