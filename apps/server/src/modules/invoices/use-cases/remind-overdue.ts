import type { Locale } from '@elearn/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import type { JobQueue } from '../../../lib/job-queue.ts';
import type { Mailer } from '../../../plugins/mail.ts';
import { reminderMail } from '../invoices.mails.ts';
import type { BuyerSnapshot } from '../invoices.snapshot.ts';
import {
  type OverdueInvoice,
  type ReminderRecipient,
  invoiceRemindersRepository as repo,
} from '../invoices-reminders.repository.ts';

/** what the payment reminders are made of (app-modules.ts) */
export interface InvoiceRemindersDeps {
  database: Pick<Database, 'db'>;
  config: AppConfig;
  mailer: Mailer;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** every company's managers (the companies service's `managers`) */
  companyManagers: () => Promise<{ companyId: number; userId: number }[]>;
  now?: () => number;
}
export type InvoiceRemindersContext = InvoiceRemindersDeps & { now: () => number };

const DAY_MS = 86_400_000;
/**
 * The reminder steps: days after the due date (docs/decisions/payments.md "Payment reminders").
 * Only the highest step reached is sent: an invoice found late gets its last step, not all.
 */
export const REMINDER_STEPS_DAYS = [1, 14] as const;
/** overdue invoices read per page */
const PAGE = 500;

/** who is written to about an invoice: a company's managers (else its buyer), a person's buyer */
function recipientIdsOf(inv: OverdueInvoice, managers: Map<number, number[]>): number[] {
  const ofCompany = inv.companyId ? (managers.get(inv.companyId) ?? []) : [];
  if (ofCompany.length) return ofCompany;
  return inv.userId ? [inv.userId] : [];
}

const localeOf = (r: ReminderRecipient): Locale => (r.locale === 'en' ? 'en' : 'de');
const nameOf = (r: ReminderRecipient) => `${r.firstName} ${r.lastName}`.trim() || r.username;

/** records the invoice's step and queues its mails, in one transaction; false when it was sent before */
async function remindOne(
  ctx: InvoiceRemindersContext,
  inv: OverdueInvoice,
  to: ReminderRecipient[],
  at: Date,
): Promise<boolean> {
  const company = (inv.buyer as BuyerSnapshot | null)?.company ?? null;
  return ctx.database.db.transaction(async (tx) => {
    if (!(await repo.record(tx, inv.id, inv.step, at, to.length))) return false;
    for (const r of to) {
      const locale = localeOf(r);
      const mail = reminderMail(r.email, locale, {
        step: inv.step,
        name: nameOf(r),
        number: inv.number,
        currency: inv.currency,
        amount: inv.grossTotal,
        dueAt: inv.dueAt,
        company,
        pageUrl: `${ctx.config.appUrl}${locale === 'en' ? '/en' : ''}/payment/payment-confirmation`,
        pdfUrl: `${ctx.config.appUrl}/api/invoices/${inv.id}/pdf`,
      });
      await ctx.mailer.send(mail, { tx });
    }
    return true;
  });
}

/**
 * The payment reminders (issue 38 item 3), a scheduled job of the queue: every open invoice past a
 * step (a day, then two weeks after its due date) gets that step's mail once, to its buyer or, for
 * a company, to the company's managers, each in their language. The step is recorded with its
 * mails in one transaction (a unique key per invoice and step): a second run, another instance or
 * a retry after a crash finds it and sends nothing again.
 */
export async function runInvoiceReminders(
  ctx: InvoiceRemindersContext,
): Promise<{ queued: number; invoices: number }> {
  const now = ctx.now();
  const cutoffs = REMINDER_STEPS_DAYS.map((days) => new Date(now - days * DAY_MS));
  const at = new Date(now);
  let managers: Map<number, number[]> | null = null;
  let afterId = 0;
  let queued = 0;
  let reminded = 0;
  for (;;) {
    const page = await repo.overduePage(ctx.database.db, cutoffs, afterId, PAGE);
    if (!page.length) break;
    afterId = page.at(-1)!.id;
    if (!managers && page.some((i) => i.companyId)) {
      managers = new Map();
      for (const m of await ctx.companyManagers()) {
        managers.set(m.companyId, [...(managers.get(m.companyId) ?? []), m.userId]);
      }
    }
    const ids = new Map(page.map((inv) => [inv.id, recipientIdsOf(inv, managers ?? new Map())]));
    const people = await repo.recipients(ctx.database.db, [...ids.values()].flat());
    for (const inv of page) {
      const to = (ids.get(inv.id) ?? []).flatMap((id) => people.get(id) ?? []);
      if (await remindOne(ctx, inv, to, at)) {
        reminded++;
        queued += to.length;
        if (!to.length) ctx.log.warn({ invoiceId: inv.id }, 'payment reminder: nobody to write to');
      }
    }
    if (page.length < PAGE) break;
  }
  return { queued, invoices: reminded };
}
