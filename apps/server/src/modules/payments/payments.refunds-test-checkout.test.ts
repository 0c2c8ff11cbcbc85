import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, payments, testRefunds } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { seminarFixtures } from '../../test/fixtures.ts';

/** Refunds through the built-in test checkout's provider (no MOLLIE_API_KEY; issue 38 item 6). */
describe('refunds with the test checkout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimitFactor: 100 });
  });
  afterAll(() => t.close());
  const db = () => t.app.database.db;

  it('simulates the bank: a refund is completed at once, its credit note settled; over the rest is refused', async () => {
    const fx = seminarFixtures(t.app);
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const seminar = await fx.seminar(trainer.id, { price: 5_000 });
    const buyer = await t.loginAs((await t.make.user()).email);
    const admin = await t.loginAs((await t.make.user({ scopes: ['admin'] })).email);
    const booked = await buyer.post('/api/booking/now', { seminarId: seminar.id });
    const providerId = booked.json().checkoutUrl.split('/').pop();
    expect(
      (await buyer.post(`/api/payments/test-checkout/${providerId}`, { action: 'paid' })).statusCode,
    ).toBe(200);
    const [payment] = await db().select().from(payments).where(eq(payments.providerId, providerId));

    const res = await admin.post(`/api/admin/payments/${payment!.id}/refunds`, { amount: 2_000 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amount: 2_000, status: 'refunded', ends_grant: false });
    const [stored] = await db().select().from(testRefunds).where(eq(testRefunds.paymentId, providerId));
    expect(stored).toMatchObject({ amount: 2_000, status: 'refunded' });
    const [note] = await db().select().from(invoices).where(eq(invoices.id, res.json().credit_note_id));
    expect(note).toMatchObject({ kind: 'credit_note', state: 'paid', grossTotal: 2_000 });

    const over = await admin.post(`/api/admin/payments/${payment!.id}/refunds`, { amount: 3_001 });
    expect([over.statusCode, over.json().code]).toEqual([409, 'refund.exceeds']);
    expect(over.json().message).toContain('30.00');
    const own = (await buyer.get('/api/payments/refunds')).json();
    expect(own.items).toMatchObject([{ amount: 2_000, status: 'refunded', seminar: { id: seminar.id } }]);
  });
});
