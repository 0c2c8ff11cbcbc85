import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, enrolments, payments } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { seminarFixtures } from '../../test/fixtures.ts';
import { drainKind } from '../../test/jobs.ts';
import { type MollieServer, startMollieServer } from '../../test/mollie-server.ts';
import { startSmtp } from '../../test/smtp.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const PRICE = 24_900;

/**
 * Paid bookings through the real `@mollie/api-client`, pointed at a Mollie-compatible HTTPS
 * server (test/mollie-server.ts); confirmation mails go to a real SMTP server.
 */
describe('paid bookings with Mollie', () => {
  let t: TestApp;
  let fx: ReturnType<typeof seminarFixtures>;
  let mollie: MollieServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let trainer: Awaited<ReturnType<TestApp['make']['user']>>;
  let n = 0;

  beforeAll(async () => {
    mollie = await startMollieServer();
    smtp = await startSmtp();
    t = await buildTestApp({
      mollieApiKey: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM',
      mollieApiEndpoint: mollie.apiEndpoint,
      smtpUrl: smtp.url,
      rateLimitFactor: 100,
    });
    fx = seminarFixtures(t.app);
    trainer = await t.make.user({ scopes: ['trainer'] });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await mollie.close();
  });

  const db = () => t.app.database.db;

  async function student(locale: 'de' | 'en' = 'de') {
    const user = await t.make.user({ locale });
    const agent = await t.loginAs(user.email);
    return { user, agent };
  }
  async function pricedSeminar(opts: { price?: number; isPublic?: boolean } = {}) {
    n++;
    return fx.seminar(trainer.id, { price: opts.price ?? PRICE, title: `Bezahlseminar ${n}`, ...opts });
  }
  /** Mollie's delivery, then the sync job it queued (use-cases/webhook-job.ts) */
  const webhook = async (body: string, url = '/payment/mollie/webhook') => {
    const res = await t.agent().post(url, body, { headers: FORM, csrf: false });
    await drainKind(t.app, 'payments.sync');
    return res;
  };

  /** books the seminar and returns the booking id and the payment at the fake Mollie */
  async function checkout(agent: Agent, seminarId: number) {
    const res = await agent.post('/api/booking/now', { seminarId });
    expect(res.statusCode, res.body).toBe(201);
    const { bookingId, checkoutUrl } = res.json();
    const payment = mollie.last();
    expect(checkoutUrl).toBe(payment._links.checkout?.href);
    return { bookingId: bookingId as number, payment };
  }
  async function bookingRow(id: number) {
    const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
    return row;
  }
  const countRows = async (table: typeof bookings | typeof payments) =>
    (await db().select({ n: count() }).from(table))[0]?.n ?? 0;

  it('paid: the checkout carries the price from the database; the webhook grants once and mails once', async () => {
    const { user, agent } = await student();
    const seminar = await pricedSeminar();
    const chapter = await fx.chapter(seminar.id);
    mollie.reset();
    const { bookingId, payment } = await checkout(agent, seminar.id);

    // what the provider received: amount and currency from our records, our URLs, our booking id
    expect(mollie.creates).toHaveLength(1);
    const sent = mollie.creates[0]!;
    expect(sent.body).toMatchObject({
      amount: { value: '249.00', currency: 'CHF' },
      description: `Seminar: ${seminar.title}`,
      redirectUrl: `${t.config.appUrl}/payment/mollie/redirect?bookingId=${bookingId}`,
      webhookUrl: `${t.config.appUrl}/payment/mollie/webhook`,
      metadata: { bookingId },
    });
    expect(sent.idempotencyKey).toMatch(new RegExp(`^booking-${bookingId}-payment-\\d+$`));
    expect(sent.authorization).toBe('Bearer test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM');

    // pending grants nothing
    const pending = await agent.get(`/api/payments/booking/${bookingId}`);
    expect(pending.json()).toMatchObject({
      status: 'pending',
      granted_at: null,
      checkout_url: payment._links.checkout?.href,
      abilities: { pay: false, play: false },
      seminar: { id: seminar.id, title: seminar.title },
    });
    expect((await agent.get(`/api/chapters/seminar-booked/${seminar.id}`)).statusCode).toBe(403);
    expect((await agent.get(`/api/seminars/${seminar.id}`)).json().abilities.booked).toBe(false);
    const owner = await t.loginAs(trainer.email);
    const before = (await owner.get('/api/seminars/users/booked')).json();
    expect(before.find((s: { id: number }) => s.id === seminar.id).users_booked_seminars).toEqual([]);

    mollie.setStatus(payment.id, 'paid');
    const hook = await webhook(`id=${payment.id}`);
    expect(hook.statusCode).toBe(200);

    const row = await bookingRow(bookingId);
    expect(row?.status).toBe('paid');
    expect(row?.grantedAt).toBeInstanceOf(Date);
    const status = (await agent.get(`/api/payments/booking/${bookingId}`)).json();
    expect(status).toMatchObject({
      status: 'paid',
      abilities: { pay: false, play: true },
      checkout_url: null,
    });
    expect(status.payments).toEqual([
      expect.objectContaining({
        status: 'paid',
        amount: PRICE,
        currency: 'CHF',
        paid_at: expect.any(String),
      }),
    ]);
    // the seminar is granted: chapters play, the seminar is in the booked list
    const chapters = await agent.get(`/api/chapters/seminar-booked/${seminar.id}`);
    expect(chapters.statusCode).toBe(200);
    expect(chapters.json().map((c: { id: number }) => c.id)).toEqual([chapter.id]);
    expect(
      (await agent.get('/api/seminars/booked-student')).json().map((s: { id: number }) => s.id),
    ).toContain(seminar.id);
    // the owner's booked-users list shows the paid booking
    const after = (await owner.get('/api/seminars/users/booked')).json();
    expect(after.find((s: { id: number }) => s.id === seminar.id).users_booked_seminars).toEqual([
      expect.objectContaining({ id: user.id, status: 'paid' }),
    ]);
    // one mail, in German
    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe(`Buchungsbestätigung: ${seminar.title}`);
    expect(mail.text).toContain('Vielen Dank für Ihre Zahlung');
    expect(mail.text).toMatch(/CHF\s?249\.00/);
    expect(mail.links).toContain(`${t.config.appUrl}/seminar/id/${seminar.id}`);
    expect(smtp.mailsTo(user.email)).toHaveLength(1);
    // the payments list
    const list = (await agent.get('/api/payments/status/')).json();
    expect(list).toMatchObject({ current_page: 1, last_page: 1, total: 1 });
    expect(list.data[0]).toMatchObject({
      booking_id: bookingId,
      seminar: { id: seminar.id, title: seminar.title, slug: seminar.slug },
      amount: PRICE,
      currency: 'CHF',
      status: 'paid',
    });
    // booking again: already owned
    const again = await agent.post('/api/booking/now', { seminarId: seminar.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('booking.already_booked');
  });

  it.each(['failed', 'canceled', 'expired'] as const)(
    '%s: the booking follows the payment, grants nothing and can be paid again',
    async (outcome) => {
      const { user, agent } = await student();
      const seminar = await pricedSeminar();
      const { bookingId, payment } = await checkout(agent, seminar.id);
      mollie.setStatus(payment.id, outcome);
      expect((await webhook(`id=${payment.id}`)).statusCode).toBe(200);

      const row = await bookingRow(bookingId);
      expect(row).toMatchObject({ status: outcome, grantedAt: null });
      const status = (await agent.get(`/api/payments/booking/${bookingId}`)).json();
      expect(status).toMatchObject({ status: outcome, abilities: { pay: true, play: false } });
      expect((await agent.get(`/api/chapters/seminar-booked/${seminar.id}`)).statusCode).toBe(403);
      const owner = await t.loginAs(trainer.email);
      const booked = (await owner.get('/api/seminars/users/booked')).json();
      expect(booked.find((s: { id: number }) => s.id === seminar.id).users_booked_seminars).toEqual([]);

      // pay again: a new attempt for the same booking, then paid
      mollie.reset();
      const retry = await agent.post('/api/booking/now', { seminarId: seminar.id });
      expect(retry.statusCode).toBe(201);
      expect(retry.json().bookingId).toBe(bookingId);
      expect(mollie.calls.create).toBe(1);
      const second = mollie.last();
      expect(second.id).not.toBe(payment.id);
      expect((await bookingRow(bookingId))?.status).toBe('pending');
      mollie.setStatus(second.id, 'paid');
      expect((await webhook(`id=${second.id}`)).statusCode).toBe(200);
      expect((await bookingRow(bookingId))?.status).toBe('paid');
      const attempts = (await agent.get(`/api/payments/booking/${bookingId}`)).json().payments;
      expect(attempts.map((p: { status: string }) => p.status)).toEqual(['paid', outcome]);
      await smtp.waitFor(user.email);
      // a late report of the first attempt changes nothing any more
      expect((await webhook(`id=${payment.id}`)).statusCode).toBe(200);
      expect((await bookingRow(bookingId))?.status).toBe('paid');
      expect(smtp.mailsTo(user.email)).toHaveLength(1);
    },
  );

  it('the webhook replayed five times grants once and sends one mail; every delivery fetches the payment', async () => {
    const { user, agent } = await student();
    const seminar = await pricedSeminar();
    const { bookingId, payment } = await checkout(agent, seminar.id);
    mollie.setStatus(payment.id, 'paid');
    mollie.reset();
    const grants: (Date | null | undefined)[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await webhook(
        `id=${payment.id}`,
        i % 2 ? '/api/payments/webhook' : '/payment/mollie/webhook',
      );
      expect(res.statusCode).toBe(200);
      grants.push((await bookingRow(bookingId))?.grantedAt);
    }
    expect(mollie.calls.get).toBe(5);
    expect(new Set(grants.map((g) => g?.getTime())).size).toBe(1);
    await smtp.waitFor(user.email);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mailsTo(user.email)).toHaveLength(1);
  });

  it('an unknown id answers 200 and changes nothing (the provider is not even asked)', async () => {
    const { agent } = await student();
    const seminar = await pricedSeminar();
    const { bookingId } = await checkout(agent, seminar.id);
    const [b, p] = [await countRows(bookings), await countRows(payments)];
    mollie.reset();
    const res = await webhook('id=tr_unknown12345');
    expect(res.statusCode).toBe(200);
    expect(mollie.calls.get).toBe(0);
    expect([await countRows(bookings), await countRows(payments)]).toEqual([b, p]);
    expect((await bookingRow(bookingId))?.status).toBe('pending');
  });

  it('a forged webhook changes nothing: extra fields are ignored, the status is always fetched', async () => {
    const { user, agent } = await student();
    const seminar = await pricedSeminar();
    const { bookingId, payment } = await checkout(agent, seminar.id);
    // still open at Mollie: a body claiming "paid" for this booking grants nothing
    const forged = await webhook(`id=${payment.id}&status=paid&bookingId=${bookingId}&amount=249.00`);
    expect(forged.statusCode).toBe(200);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'pending', grantedAt: null });
    // a paid payment of another booking only ever changes that booking
    const other = await student();
    const otherSeminar = await pricedSeminar();
    const foreign = await checkout(other.agent, otherSeminar.id);
    mollie.setStatus(foreign.payment.id, 'paid');
    expect((await webhook(`id=${foreign.payment.id}&bookingId=${bookingId}`)).statusCode).toBe(200);
    expect((await bookingRow(foreign.bookingId))?.status).toBe('paid');
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'pending', grantedAt: null });
    expect(smtp.mailsTo(user.email)).toHaveLength(0);
  });

  it('a paid report whose amount, currency or booking differs from our record grants nothing', async () => {
    const { agent } = await student();
    const seminar = await pricedSeminar();
    const { bookingId, payment } = await checkout(agent, seminar.id);
    payment.amount = { value: '1.00', currency: 'CHF' };
    mollie.setStatus(payment.id, 'paid');
    expect((await webhook(`id=${payment.id}`)).statusCode).toBe(200);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'pending', grantedAt: null });
    payment.amount = { value: '249.00', currency: 'EUR' };
    expect((await webhook(`id=${payment.id}`)).statusCode).toBe(200);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'pending', grantedAt: null });
    payment.amount = { value: '249.00', currency: 'CHF' };
    payment.metadata = { bookingId: bookingId + 1000 };
    expect((await webhook(`id=${payment.id}`)).statusCode).toBe(200);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'pending', grantedAt: null });
  });

  it('refuses malformed webhooks without asking the provider', async () => {
    mollie.reset();
    const missing = await webhook('');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().code).toBe('validation_failed');
    expect((await webhook('id=abc')).statusCode).toBe(422);
    expect((await webhook(`id=tr_${'a'.repeat(80)}`)).statusCode).toBe(422);
    const json = await t
      .agent()
      .post(
        '/payment/mollie/webhook',
        { id: 'tr_abc' },
        { headers: { 'content-type': 'application/json' }, csrf: false },
      );
    expect(json.statusCode).toBe(415);
    const huge = await webhook(`id=tr_abc&pad=${'x'.repeat(2000)}`);
    expect(huge.statusCode).toBe(413);
    expect(mollie.calls.get).toBe(0);
  });

  it('webhook before the redirect: the redirect finds the booking paid, no second mail', async () => {
    const { user, agent } = await student();
    const seminar = await pricedSeminar();
    const { bookingId, payment } = await checkout(agent, seminar.id);
    mollie.setStatus(payment.id, 'paid');
    expect((await webhook(`id=${payment.id}`)).statusCode).toBe(200);
    const back = await agent.post(`/api/payments/booking/${bookingId}/sync`);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ status: 'paid', abilities: { play: true } });
    await smtp.waitFor(user.email);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mailsTo(user.email)).toHaveLength(1);
  });

  it('webhook after the redirect: the redirect already grants, the late webhook changes nothing', async () => {
    const { user, agent } = await student();
    const seminar = await pricedSeminar();
    const { bookingId, payment } = await checkout(agent, seminar.id);
    // back before Mollie decided: still pending
    expect((await agent.post(`/api/payments/booking/${bookingId}/sync`)).json().status).toBe('pending');
    mollie.setStatus(payment.id, 'paid');
    const back = await agent.post(`/api/payments/booking/${bookingId}/sync`);
    expect(back.json()).toMatchObject({ status: 'paid', abilities: { play: true } });
    const grantedAt = (await bookingRow(bookingId))?.grantedAt;
    expect((await webhook(`id=${payment.id}`)).statusCode).toBe(200);
    expect((await bookingRow(bookingId))?.grantedAt).toEqual(grantedAt);
    await smtp.waitFor(user.email);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mailsTo(user.email)).toHaveLength(1);
  });

  it('two concurrent webhooks (and a redirect) for one payment: one grant, one mail', async () => {
    const { user, agent } = await student();
    const seminar = await pricedSeminar();
    const { bookingId, payment } = await checkout(agent, seminar.id);
    mollie.setStatus(payment.id, 'paid');
    // both deliveries fetch the payment at the same moment, then race to apply it
    const held = mollie.hold();
    const deliveries = Promise.all([
      webhook(`id=${payment.id}`),
      webhook(`id=${payment.id}`, '/api/payments/webhook'),
      agent.post(`/api/payments/booking/${bookingId}/sync`),
    ]);
    await expect.poll(() => held.waiting(), { timeout: 10_000 }).toBe(3);
    held.release();
    const answers = await deliveries;
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'paid' });
    await smtp.waitFor(user.email);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mailsTo(user.email)).toHaveLength(1);
  });

  it('a paid booking stays paid when a later fetch reports something else; open → paid works', async () => {
    const { agent } = await student();
    const seminar = await pricedSeminar();
    const { bookingId, payment } = await checkout(agent, seminar.id);
    mollie.setStatus(payment.id, 'pending');
    await webhook(`id=${payment.id}`);
    expect((await bookingRow(bookingId))?.status).toBe('pending');
    const [attempt] = await db().select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(attempt?.status).toBe('pending');
    mollie.setStatus(payment.id, 'paid');
    await webhook(`id=${payment.id}`);
    expect((await bookingRow(bookingId))?.status).toBe('paid');
    for (const later of ['open', 'expired', 'failed', 'canceled'] as const) {
      mollie.payments.get(payment.id)!.status = later;
      expect((await webhook(`id=${payment.id}`)).statusCode).toBe(200);
      expect((await bookingRow(bookingId))?.status).toBe('paid');
      const [stored] = await db().select().from(payments).where(eq(payments.bookingId, bookingId));
      expect(stored?.status).toBe('paid');
    }
  });

  it('reuses the open checkout instead of opening a second payment; concurrent calls open exactly one', async () => {
    const { user, agent } = await student();
    const seminar = await pricedSeminar();
    mollie.reset();
    const first = await checkout(agent, seminar.id);
    const again = await agent.post('/api/booking/now', { seminarId: seminar.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      bookingId: first.bookingId,
      checkoutUrl: first.payment._links.checkout?.href,
    });
    expect(mollie.calls.create).toBe(1);

    // SECURITY D-01: twenty concurrent "book now" calls of another user
    const other = await student();
    const busy = await pricedSeminar();
    mollie.reset();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => other.agent.post('/api/booking/now', { seminarId: busy.id })),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.every((c) => c === 200 || c === 201 || c === 409)).toBe(true);
    for (const r of answers.filter((a) => a.statusCode === 409))
      expect(r.json().code).toBe('payment.in_progress');
    expect(mollie.calls.create).toBe(1);
    const rows = await db().select().from(bookings).where(eq(bookings.seminarId, busy.id));
    expect(rows).toHaveLength(1);
    const attempts = await db().select().from(payments).where(eq(payments.bookingId, rows[0]!.id));
    expect(attempts).toHaveLength(1);
    expect(user.id).not.toBe(other.user.id);
  });

  it('refuses what cannot be paid here with clear errors, and invalid input with 422', async () => {
    const { user, agent } = await student();
    mollie.reset();
    const post = (body: unknown) => agent.post('/api/booking/now', body as object);

    // a seminar the caller owns
    const ownerAgent = await t.loginAs(trainer.email);
    const own = await pricedSeminar();
    const byOwner = await ownerAgent.post('/api/booking/now', { seminarId: own.id });
    expect([byOwner.statusCode, byOwner.json().code]).toEqual([409, 'booking.own_seminar']);
    // already owned through a free booking
    const owned = await fx.seminar(trainer.id, { price: PRICE, bookedBy: [user.id] });
    const already = await post({ seminarId: owned.id });
    expect([already.statusCode, already.json().code]).toEqual([409, 'booking.already_booked']);
    // an assignment to a company booking holds the seminar as well
    const assigned = await pricedSeminar();
    await db().insert(enrolments).values({ seminarId: assigned.id, userId: user.id, source: 'company' });
    const byAssigned = await post({ seminarId: assigned.id });
    expect([byAssigned.statusCode, byAssigned.json().code]).toEqual([409, 'booking.already_booked']);
    expect(await db().select().from(bookings).where(eq(bookings.seminarId, assigned.id))).toEqual([]);
    // a free seminar (price 0) is booked through /api/booking/free
    const free = await pricedSeminar({ price: 0 });
    const byFree = await post({ seminarId: free.id });
    expect([byFree.statusCode, byFree.json().code]).toEqual([409, 'payment.free_seminar']);
    expect(byFree.json().message).toBe('Dieses Seminar ist kostenlos und wird ohne Zahlung gebucht.');
    agent.lang = 'en';
    expect((await post({ seminarId: free.id })).json().message).toBe(
      'This seminar is free and is booked without payment.',
    );
    agent.lang = 'de';
    // a private seminar: unknown to the student, not payable for an admin who can see it
    const hidden = await pricedSeminar({ isPublic: false });
    const byStudent = await post({ seminarId: hidden.id });
    expect([byStudent.statusCode, byStudent.json().code]).toEqual([404, 'not_found']);
    const admin = await t.make.user({ scopes: ['admin'] });
    const byAdmin = await (await t.loginAs(admin.email)).post('/api/booking/now', { seminarId: hidden.id });
    expect([byAdmin.statusCode, byAdmin.json().code]).toEqual([409, 'payment.not_payable']);
    // a company seminar, seen by a member of the company
    const company = await t.make.company();
    await t.make.member(company.id, user.id);
    const companySeminar = await fx.seminar(trainer.id, {
      price: PRICE,
      isCompany: true,
      companyId: company.id,
    });
    const member = await t.loginAs(user.email);
    const byMember = await member.post('/api/booking/now', { seminarId: companySeminar.id });
    expect([byMember.statusCode, byMember.json().code]).toEqual([409, 'payment.not_payable']);
    // invalid input
    for (const body of [
      {},
      { seminarId: 'abc' },
      { seminarId: -1 },
      { seminarId: 1.5 },
      { seminarId: 99999999999 },
    ]) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors.seminarId).toBeDefined();
    }
    // SECURITY D-03: price, currency or description from the client are refused, never used
    const tampered = await post({ seminarId: own.id, amount: 1, currency: 'EUR', description: 'x' });
    expect(tampered.statusCode).toBe(422);
    expect(tampered.json().code).toBe('validation_failed');
    expect((await post({ seminarId: 2_000_000_000 })).statusCode).toBe(404);
    // a guest
    const guest = await t.agent().post('/api/booking/now', { seminarId: own.id });
    expect(guest.statusCode).toBe(401);
    // nothing reached the provider, nothing was stored
    expect(mollie.calls.create).toBe(0);
    expect(await db().select().from(bookings).where(eq(bookings.seminarId, own.id))).toEqual([]);
  });

  it("someone else's booking is 404: status, sync and the payments list show only one's own", async () => {
    const a = await student();
    const b = await student();
    const seminar = await pricedSeminar();
    const { bookingId } = await checkout(a.agent, seminar.id);
    expect((await b.agent.get(`/api/payments/booking/${bookingId}`)).statusCode).toBe(404);
    expect((await b.agent.post(`/api/payments/booking/${bookingId}/sync`)).statusCode).toBe(404);
    const admin = await t.make.user({ scopes: ['admin'] });
    expect((await (await t.loginAs(admin.email)).get(`/api/payments/booking/${bookingId}`)).statusCode).toBe(
      404,
    );
    expect((await b.agent.get('/api/payments/booking/99999999')).statusCode).toBe(404);
    expect((await b.agent.get('/api/payments/booking/abc')).statusCode).toBe(422);
    expect((await b.agent.get('/api/payments/status')).json()).toMatchObject({ data: [], total: 0 });
    expect((await a.agent.get('/api/payments/status')).json().total).toBe(1);
    expect((await t.agent().get('/api/payments/status')).statusCode).toBe(401);
  });

  it('pages the payments list (data.data) and refuses a bad page size', async () => {
    const { agent } = await student();
    for (let i = 0; i < 3; i++) await checkout(agent, (await pricedSeminar()).id);
    const page = (await agent.get('/api/payments/status/?page=2&per_page=2')).json();
    expect(page).toMatchObject({ current_page: 2, last_page: 2, per_page: 2, total: 3 });
    expect(page.data).toHaveLength(1);
    const first = (await agent.get('/api/payments/status/?per_page=2')).json();
    expect(first.data[0].id).toBeGreaterThan(first.data[1].id);
    expect((await agent.get('/api/payments/status/?per_page=1000')).statusCode).toBe(422);
    expect((await agent.get('/api/payments/status/?page=0')).statusCode).toBe(422);
  });

  it('English: the redirect leads to /en and the confirmation mail is in English', async () => {
    const { user, agent } = await student('en');
    agent.lang = 'en';
    const seminar = await pricedSeminar();
    const { bookingId, payment } = await checkout(agent, seminar.id);
    expect(mollie.creates.at(-1)?.body.redirectUrl).toBe(
      `${t.config.appUrl}/en/payment/mollie/redirect?bookingId=${bookingId}`,
    );
    mollie.setStatus(payment.id, 'paid');
    await webhook(`id=${payment.id}`);
    const mail = await smtp.waitFor(user.email);
    expect(mail.subject).toBe(`Booking confirmed: ${seminar.title}`);
    expect(mail.text).toContain('Thank you for your payment');
    expect(mail.links).toContain(`${t.config.appUrl}/en/seminar/id/${seminar.id}`);
  });

  it('Mollie down: book now answers 503 and leaves no pending booking; the webhook is taken, its job waits for Mollie', async () => {
    const { user, agent } = await student();
    const seminar = await pricedSeminar();
    mollie.fail(500);
    const down = await agent.post('/api/booking/now', { seminarId: seminar.id });
    expect([down.statusCode, down.json().code]).toEqual([503, 'payment.unavailable']);
    expect(await db().select().from(bookings).where(eq(bookings.seminarId, seminar.id))).toEqual([]);
    mollie.fail(null);

    const { bookingId, payment } = await checkout(agent, seminar.id);
    mollie.setStatus(payment.id, 'paid');
    mollie.fail(503);
    // the delivery is taken (200); its job could not ask Mollie and waits for its retry
    const taken = await webhook(`id=${payment.id}`);
    expect(taken.statusCode).toBe(200);
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'pending', grantedAt: null });
    const [waiting] = (await t.app.jobs.stats()).filter((k) => k.kind === 'payments.sync');
    expect(waiting?.queued).toBeGreaterThan(0);
    // the redirect page still gets the stored status
    expect((await agent.post(`/api/payments/booking/${bookingId}/sync`)).json().status).toBe('pending');
    mollie.fail(null);
    expect((await webhook(`id=${payment.id}`)).statusCode).toBe(200);
    expect((await bookingRow(bookingId))?.status).toBe('paid');
    await smtp.waitFor(user.email);
  });
});
