import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invoiceReminders, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { drainJobs } from '../../test/jobs.ts';
import { startSmtp } from '../../test/smtp.ts';
import { zurichYear } from './invoices.context.ts';
import { invoicesRepository } from './invoices.repository.ts';
import { INVOICE_REMINDERS_JOB } from './invoices-reminders.service.ts';

const DAY_MS = 86_400_000;
/** 2026-12-02 at 07:30 in Zurich */
const START = Date.parse('2026-12-02T06:30:00Z');
const PG = process.env.TEST_DATABASE_URL;

/**
 * Payment reminders of overdue invoices (issue 38 item 3): the queue's scheduled job mails the
 * buyer, or a company's managers, in their language through the real SMTP test server; a step
 * (a day, then two weeks after the due date) goes out once, also when the run repeats or two
 * instances run it at once. The open invoices are fixtures issued through the module's repository
 * (as pay by invoice issues them).
 */
describe('payment reminders of overdue invoices', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let clock = START;
  const people = {} as Record<
    'anna' | 'ben' | 'carl' | 'mia' | 'max' | 'gone',
    { id: number; email: string }
  >;
  let companyId: number;
  const inv = {} as Record<
    'anna' | 'ben' | 'company' | 'later' | 'paid' | 'gone',
    { id: number; number: string }
  >;

  /** an invoice issued through the repository, open (or paid) with its due date `dueInDays` from now */
  async function issue(
    buyer: { id: number },
    opts: { dueInDays: number; state?: 'open' | 'paid'; companyId?: number; locale?: 'de' | 'en' },
  ) {
    const db = t.app.database.db;
    const at = new Date(clock - 30 * DAY_MS);
    const id = await invoicesRepository.issue(
      db,
      zurichYear(at),
      {
        kind: 'invoice',
        userId: buyer.id,
        companyId: opts.companyId ?? null,
        state: opts.state ?? 'open',
        locale: opts.locale ?? 'de',
        currency: 'CHF',
        netTotal: 45_328,
        vatTotal: 3672,
        rounding: 0,
        grossTotal: 49_000,
        vatRateBp: 810,
        pricesIncludeVat: true,
        seller: { legal_name: 'Seminare AG', address: 'Zürich' },
        buyer: {
          name: 'Buyer',
          email: null,
          address: null,
          company: opts.companyId ? 'Muster Logistik AG' : null,
          reference: opts.companyId ? 'PO-77' : null,
        },
        issuedAt: at,
        dueAt: new Date(clock + opts.dueInDays * DAY_MS),
        paidAt: opts.state === 'paid' ? at : null,
      },
      [
        {
          description: 'Seminar',
          seminarId: null,
          quantity: 1,
          net: 45_328,
          vat: 3672,
          gross: 49_000,
          vatRateBp: 810,
        },
      ],
    );
    const row = await invoicesRepository.findById(db, id);
    return { id, number: row!.number };
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp({ smtpUrl: smtp.url, rateLimitFactor: 1000 }, { now: () => clock });
    const db = t.app.database.db;
    for (const [key, first, locale, scopes] of [
      ['anna', 'Anna', 'de', []],
      ['ben', 'Ben', 'en', []],
      ['carl', 'Carl', 'de', []],
      ['mia', 'Mia', 'de', ['corporateTraining']],
      ['max', 'Max', 'en', ['corporateTraining']],
      ['gone', 'Gina', 'de', []],
    ] as const) {
      const u = await t.make.user({ locale, scopes: [...scopes] });
      await db.update(users).set({ firstName: first, lastName: 'Muster' }).where(eq(users.id, u.id));
      people[key] = { id: u.id, email: u.email };
    }
    companyId = (await t.make.company('Muster Logistik AG')).id;
    await t.make.member(companyId, people.mia.id, true);
    await t.make.member(companyId, people.max.id, true);
    // a plain member of the company is not written to
    await t.make.member(companyId, people.anna.id);
    inv.anna = await issue(people.anna, { dueInDays: -2 });
    inv.ben = await issue(people.ben, { dueInDays: -2, locale: 'en' });
    // a company's invoice found three weeks overdue: its second step only
    inv.company = await issue(people.mia, { dueInDays: -21, companyId });
    inv.later = await issue(people.carl, { dueInDays: 5 });
    inv.paid = await issue(people.ben, { dueInDays: -20, state: 'paid' });
    // the buyer's account was disabled: the step is recorded, nobody is written to
    inv.gone = await issue(people.gone, { dueInDays: -3 });
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, people.gone.id));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    smtp.mails.length = 0;
  });

  /**
   * runs the job now, as its schedule would, and waits for its mails (each recipient gets one mail
   * per run here: a recipient's second mail waits for the first by design, lib/job-queue/batch.ts)
   */
  const runJob = async (app: TestApp = t) => {
    expect(await app.app.jobs.enqueue(INVOICE_REMINDERS_JOB.kind, {})).not.toBeNull();
    await drainJobs(app.app);
  };
  const mailsTo = (who: keyof typeof people) => smtp.mails.filter((m) => m.to.includes(people[who].email));
  const steps = async (invoiceId: number) =>
    (
      await t.app.database.db.select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, invoiceId))
    ).map((r) => r.step);

  it('is a scheduled job of the queue (once a day across the instances)', async () => {
    const schedules = await t.app.jobs.schedules();
    expect(schedules.find((s) => s.kind === INVOICE_REMINDERS_JOB.kind)).toMatchObject({
      cron: INVOICE_REMINDERS_JOB.cron,
    });
  });

  it('the first step a day after the due date: to the buyer in their language, naming number, amount, due date and the PDF', async () => {
    await runJob();
    const anna = mailsTo('anna');
    expect(anna).toHaveLength(1);
    expect(anna[0]!.subject).toBe(`Zahlungserinnerung: Rechnung ${inv.anna.number}`);
    expect(anna[0]!.text).toContain('Guten Tag Anna Muster');
    expect(anna[0]!.text).toContain(
      `Die Rechnung ${inv.anna.number} über CHF 490.00 war am 30.11.2026 fällig`,
    );
    expect(anna[0]!.links).toContain(`${t.config.appUrl}/payment/payment-confirmation`);
    expect(anna[0]!.links).toContain(`${t.config.appUrl}/api/invoices/${inv.anna.id}/pdf`);
    const ben = mailsTo('ben');
    expect(ben).toHaveLength(1);
    expect(ben[0]!.subject).toBe(`Payment reminder: invoice ${inv.ben.number}`);
    expect(ben[0]!.text).toContain('Hello Ben Muster');
    expect(ben[0]!.text).toContain(`Invoice ${inv.ben.number} for CHF 490.00 was due on 30/11/2026`);
    expect(ben[0]!.links).toContain(`${t.config.appUrl}/en/payment/payment-confirmation`);
    expect(ben[0]!.links).toContain(`${t.config.appUrl}/api/invoices/${inv.ben.id}/pdf`);
    // the company's invoice: each manager in their language, its second step only (three weeks late)
    const [mia, max] = [mailsTo('mia'), mailsTo('max')];
    expect(mia).toHaveLength(1);
    expect(max).toHaveLength(1);
    expect(mia[0]!.subject).toBe(`2. Zahlungserinnerung: Rechnung ${inv.company.number}`);
    expect(mia[0]!.text).toContain('an Muster Logistik AG');
    expect(max[0]!.subject).toBe(`Second payment reminder: invoice ${inv.company.number}`);
    expect(max[0]!.text).toContain('to Muster Logistik AG');
    // nothing else: not the invoice due later, not the paid one, not the disabled buyer
    expect(smtp.mails).toHaveLength(4);
    expect(await steps(inv.anna.id)).toEqual([1]);
    expect(await steps(inv.company.id)).toEqual([2]);
    expect(await steps(inv.gone.id)).toEqual([1]);
    expect(await steps(inv.later.id)).toEqual([]);
    expect(await steps(inv.paid.id)).toEqual([]);
  });

  it('a run again (a retry, another day before the next step): nothing more', async () => {
    await runJob();
    clock += 5 * DAY_MS;
    await runJob();
    expect(smtp.mails).toHaveLength(0);
  });

  it('two weeks after the due date the second step, once; then nothing more', async () => {
    // 2 + 5 + 8 = 15 days after the due date; the invoice due later is 8 days late now: its first step
    clock += 8 * DAY_MS;
    await runJob();
    expect(mailsTo('anna').map((m) => m.subject)).toEqual([
      `2. Zahlungserinnerung: Rechnung ${inv.anna.number}`,
    ]);
    expect(mailsTo('carl').map((m) => m.subject)).toEqual([
      `Zahlungserinnerung: Rechnung ${inv.later.number}`,
    ]);
    expect(mailsTo('ben').map((m) => m.subject)).toEqual([
      `Second payment reminder: invoice ${inv.ben.number}`,
    ]);
    expect(mailsTo('ben')[0]!.text).toContain('This is our second reminder');
    expect(smtp.mails).toHaveLength(3);
    // the admin's list names the reminders mailed (none for the disabled buyer's invoice)
    const admin = await t.loginAs((await t.make.user({ scopes: ['admin'] })).email);
    const list = await admin.get('/api/admin/invoices?state=open&per_page=50');
    expect(list.statusCode, list.body).toBe(200);
    const reminders = (id: number) =>
      (list.json().data as { id: number; reminders: unknown }[]).find((d) => d.id === id)?.reminders;
    expect(reminders(inv.anna.id)).toEqual({ count: 2, last_at: new Date(clock).toISOString() });
    expect(reminders(inv.company.id)).toEqual({ count: 1, last_at: new Date(START).toISOString() });
    expect(reminders(inv.gone.id)).toBeNull();
    smtp.mails.length = 0;
    clock += 30 * DAY_MS;
    await runJob();
    expect(smtp.mails.filter((m) => !m.subject.includes(inv.later.number))).toHaveLength(0);
    expect(await steps(inv.anna.id)).toEqual([1, 2]);
  });

  it('a paid invoice is not reminded', async () => {
    const fresh = await issue(people.ben, { dueInDays: -2, locale: 'en' });
    await invoicesRepository.markPaid(t.app.database.db, fresh.id, new Date(clock));
    await runJob();
    expect(smtp.mails.filter((m) => m.subject.includes(fresh.number))).toHaveLength(0);
    expect(await steps(fresh.id)).toEqual([]);
  });

  describe.runIf(PG)('two instances on one PostgreSQL database', () => {
    let second: TestApp;
    beforeAll(async () => {
      second = await buildTestApp(
        { databaseUrl: t.config.databaseUrl, smtpUrl: smtp.url, rateLimitFactor: 1000 },
        { now: () => clock },
      );
    });
    afterAll(() => second?.close());

    it('both run the job at once: each step of each invoice is mailed once', async () => {
      const buyers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => t.make.user({ locale: i % 2 ? 'en' : 'de' })),
      );
      const fresh = await Promise.all(buyers.map((b) => issue(b, { dueInDays: -2 })));
      await Promise.all([runJob(t), runJob(second), runJob(t), runJob(second)]);
      for (const f of fresh) {
        expect(
          smtp.mails.filter((m) => m.subject.endsWith(f.number)),
          f.number,
        ).toHaveLength(1);
        expect(await steps(f.id)).toEqual([1]);
      }
    });
  });
});
