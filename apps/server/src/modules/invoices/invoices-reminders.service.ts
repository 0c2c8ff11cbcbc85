import { type InvoiceRemindersDeps, runInvoiceReminders } from './use-cases/remind-overdue.ts';

export type { InvoiceRemindersDeps } from './use-cases/remind-overdue.ts';
export type PaymentRemindersService = ReturnType<typeof createPaymentReminders>;

/** the queue's job of the payment reminders and its schedule (UTC: 07:30 or 08:30 in Zurich) */
export const INVOICE_REMINDERS_JOB = { kind: 'invoice-reminders', cron: '30 6 * * *' } as const;

/**
 * Payment reminders for overdue invoices (issue 38 item 3; docs/decisions/payments.md "Payment
 * reminders"): a scheduled job of the durable queue, once per day across all instances; each step
 * of an invoice is recorded with its mails in one transaction, so nothing is sent twice.
 */
export function createPaymentReminders(deps: InvoiceRemindersDeps) {
  const ctx = { ...deps, now: deps.now ?? Date.now };
  return {
    /** one run now (the job calls this; tests too) */
    run: () => runInvoiceReminders(ctx),
    async defineJobs() {
      const { kind, cron } = INVOICE_REMINDERS_JOB;
      await ctx.jobs.define(kind, async () => {
        const done = await runInvoiceReminders(ctx);
        if (done.invoices) ctx.log.info({ job: kind, ...done }, 'payment reminders queued');
      });
      await ctx.jobs.schedule(kind, cron);
    },
  };
}
