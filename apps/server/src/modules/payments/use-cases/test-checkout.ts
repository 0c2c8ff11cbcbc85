import type { PaymentStatus, TestCheckoutAction, TestCheckoutDto } from '@elearn/shared';
import { conflict, notFound } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { paymentPolicy } from '../../../policies/payment.policy.ts';
import type { PaymentsContext } from '../payments.context.ts';
import type { TestProvider } from '../payments.provider.ts';
import { paymentsRepository as repo } from '../payments.repository.ts';
import { handleWebhook } from './sync-payment.ts';

/** one of the caller's test payments at the built-in test provider (404 otherwise) */
async function ownTestPayment(ctx: PaymentsContext, actor: AuthUser, providerId: string) {
  const { provider } = ctx;
  if (provider?.name !== 'test') throw notFound();
  const test = provider as TestProvider;
  const payment = await repo.findByProviderId(ctx.db, 'test', providerId);
  if (!payment || !paymentPolicy.payBooking(actor, payment)) throw notFound();
  const record = await test.find(providerId);
  if (!record) throw notFound();
  return { test, payment, record };
}

/** The built-in test checkout: one of the caller's test payments (404 otherwise). */
export async function testCheckout(
  ctx: PaymentsContext,
  actor: AuthUser,
  providerId: string,
): Promise<TestCheckoutDto> {
  const { record } = await ownTestPayment(ctx, actor, providerId);
  return {
    id: record.id,
    booking_id: Number(record.metadata?.bookingId),
    status: record.status as PaymentStatus,
    amount: record.amount,
    currency: record.currency,
    description: record.description,
    expires_at: record.expiresAt.toISOString(),
  };
}

/**
 * Pays, fails or cancels a test payment at the test "provider", then runs the webhook's status
 * sync exactly as a Mollie webhook would. Returns where the browser goes next.
 */
export async function settleTestPayment(
  ctx: PaymentsContext,
  actor: AuthUser,
  providerId: string,
  action: TestCheckoutAction,
): Promise<{ redirectUrl: string }> {
  const { test, record, payment } = await ownTestPayment(ctx, actor, providerId);
  // the user holds the seminar meanwhile (e.g. a company assigned it): an open own purchase
  // can no longer be paid (issue 11.1); failing or canceling it stays possible
  if (action === 'paid' && record.status === 'open') {
    const found = await repo.findBookingWithSeminar(ctx.db, payment.bookingId);
    if (
      found &&
      !found.booking.forCompanyId &&
      (await ctx.enrolments.holds(found.booking.userId, found.seminar.id))
    )
      throw conflict('booking.already_booked', 'booking.already_booked');
  }
  await test.settle(record.id, action);
  await handleWebhook(ctx, record.id);
  return { redirectUrl: record.redirectUrl };
}
