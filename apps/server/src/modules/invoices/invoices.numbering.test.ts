import { count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, invoices } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { seminarFixtures } from '../../test/fixtures.ts';
import { drainKind } from '../../test/jobs.ts';
import { type MollieServer, startMollieServer } from '../../test/mollie-server.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';
const PG = process.env.TEST_DATABASE_URL;

/**
 * Invoice numbers under load (issue 38): 200 payments paid at once, their webhooks delivered
 * concurrently through the real Mollie client against the Mollie-compatible server; on
 * PostgreSQL also through two app instances on one database. Numbers must be unique and without
 * gaps: the counter row is taken in the payment's transaction.
 */
describe('invoice numbering under concurrency', () => {
  let mollie: MollieServer;
  let t: TestApp;
  let fx: ReturnType<typeof seminarFixtures>;
  let trainerId: number;
  let buyer: Agent;

  beforeAll(async () => {
    mollie = await startMollieServer();
    t = await buildTestApp({
      mollieApiKey: KEY,
      mollieApiEndpoint: mollie.apiEndpoint,
      rateLimitFactor: 100,
    });
    fx = seminarFixtures(t.app);
    trainerId = (await t.make.user({ scopes: ['trainer'] })).id;
    buyer = await t.loginAs((await t.make.user()).email);
  });
  afterAll(async () => {
    await t.close();
    await mollie.close();
  });
  const db = () => t.app.database.db;

  /** `n` open checkouts of new priced seminars, paid at Mollie (webhooks not yet delivered) */
  async function paidAtMollie(n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const seminar = await fx.seminar(trainerId, { price: 1000 + i * 5 });
      const res = await buyer.post('/api/booking/now', { seminarId: seminar.id });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(mollie.last().id);
    }
    for (const id of ids) mollie.setStatus(id, 'paid');
    return ids;
  }

  const webhook = (app: TestApp, id: string) =>
    app.agent().post('/payment/mollie/webhook', `id=${id}`, { headers: FORM, csrf: false });

  /**
   * Delivers every webhook at once, then again those not answered 2xx, as Mollie retries them (a
   * request that waited longer than DB_POOL_WAIT_MS for a connection is answered 503 by design).
   * Answers the number of first deliveries that were refused.
   */
  async function deliverAll(ids: string[], appFor: (i: number) => TestApp): Promise<number> {
    let pending = ids.map((id, i) => ({ id, app: appFor(i) }));
    let refusedFirst = -1;
    for (let round = 0; round < 10 && pending.length; round++) {
      const answers = await Promise.all(pending.map((p) => webhook(p.app, p.id)));
      expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 503)).toBe(true);
      pending = pending.filter((_, i) => answers[i]!.statusCode !== 200);
      if (refusedFirst < 0) refusedFirst = pending.length;
    }
    expect(pending).toEqual([]);
    // the deliveries queued sync jobs (payments/use-cases/webhook-job.ts): their workers, on
    // every instance, pay and number the invoices concurrently
    for (const app of new Set(ids.map((_, i) => appFor(i)))) await drainKind(app.app, 'payments.sync');
    return refusedFirst;
  }

  /** every invoice's sequence is 1…n exactly once, and numbers are unique */
  async function expectGapFree(expected: number) {
    const rows = await db()
      .select({ seq: invoices.seq, number: invoices.number, year: invoices.year })
      .from(invoices);
    expect(rows).toHaveLength(expected);
    expect(new Set(rows.map((r) => r.number)).size).toBe(expected);
    const seqs = rows.map((r) => r.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: expected }, (_, i) => i + 1));
    for (const r of rows) expect(r.number).toBe(`${r.year}-${String(r.seq).padStart(6, '0')}`);
  }

  it('200 concurrent paid webhooks: 200 invoices numbered 1…200, each payment once; replays change nothing', async () => {
    const ids = await paidAtMollie(200);
    const refused = await deliverAll(ids, () => t);
    console.info(`invoice numbering: ${refused} of 200 first deliveries answered 503 and delivered again`);
    await expectGapFree(200);
    const [granted] = await db().select({ n: count() }).from(bookings).where(isNotNull(bookings.grantedAt));
    expect(granted?.n).toBe(200);
    // every payment got exactly one invoice, of its own amount
    const perPayment = await db()
      .select({ paymentId: invoices.paymentId, gross: invoices.grossTotal })
      .from(invoices);
    expect(new Set(perPayment.map((r) => r.paymentId)).size).toBe(200);
    // delivered again, all at once: no second invoice, no number used
    await deliverAll(ids, () => t);
    await expectGapFree(200);
  }, 240_000);

  describe.runIf(PG)('two instances on one PostgreSQL database', () => {
    let second: TestApp;
    beforeAll(async () => {
      second = await buildTestApp({
        databaseUrl: t.config.databaseUrl,
        mollieApiKey: KEY,
        mollieApiEndpoint: mollie.apiEndpoint,
        rateLimitFactor: 100,
      });
    });
    afterAll(() => second.close());

    it('200 webhooks split across both instances at once: the numbers continue without a gap', async () => {
      const before = (await db().select({ n: count() }).from(invoices))[0]?.n ?? 0;
      // the 200 concurrent payments, half of them through each instance
      const ids = await paidAtMollie(200);
      await deliverAll(ids, (i) => (i % 2 ? second : t));
      await expectGapFree(before + 200);
      // each instance issued some of them (the second instance's pool is a separate client)
      const [one] = await second.app.database.db
        .select({ n: count() })
        .from(invoices)
        .where(eq(invoices.kind, 'invoice'));
      expect(one?.n).toBe(before + 200);
    }, 240_000);
  });
});
