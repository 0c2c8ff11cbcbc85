import { randomBytes } from 'node:crypto';
import { REFUND_STATUSES, type RefundStatus } from '@elearn/shared';
import type { MollieApiError } from '@mollie/api-client';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { testPayments, testRefunds } from '../../db/schema/index.ts';
import {
  fromMollieValue,
  type MollieClient,
  type PaymentProvider,
  ProviderUnavailableError,
  toMollieValue,
} from './payments.provider.ts';

/** A refund as the provider reports it (its status is only ever taken from here). */
export interface ProviderRefund {
  id: string;
  paymentId: string;
  status: RefundStatus;
  /** minor units */
  amount: number;
  currency: string;
}

export interface CreateRefundInput {
  /** the provider's payment id (`tr_…`) */
  paymentId: string;
  /** minor units */
  amount: number;
  currency: string;
  description: string;
  /** the same key makes a retried create answer the same refund */
  idempotencyKey: string;
}

/** The provider refused the refund (not refundable, more than remains): nothing was refunded. */
export class RefundRefusedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RefundRefusedError';
  }
}

/** The Refunds API of the payment provider (Mollie's `paymentRefunds`, or the test checkout's). */
export interface RefundApi {
  /** @throws RefundRefusedError (4xx), ProviderUnavailableError (network, 5xx) */
  create(input: CreateRefundInput): Promise<ProviderRefund>;
  /** every refund of a payment as the provider knows it now @throws ProviderUnavailableError */
  list(paymentId: string): Promise<ProviderRefund[]>;
}

const isStatus = (s: unknown): s is RefundStatus =>
  typeof s === 'string' && (REFUND_STATUSES as readonly string[]).includes(s);

const fromMollie = (r: {
  id: string;
  paymentId?: string;
  status: string;
  amount: { value: string; currency: string };
}): ProviderRefund => {
  if (!isStatus(r.status)) throw new ProviderUnavailableError(`unknown Mollie refund status ${r.status}`);
  return {
    id: r.id,
    paymentId: r.paymentId ?? '',
    status: r.status,
    amount: fromMollieValue(r.amount.value),
    currency: r.amount.currency,
  };
};

/** Mollie's Refunds API through the real client (`paymentRefunds.create` / `.page`). */
export function mollieRefunds(client: MollieClient): RefundApi {
  return {
    async create(input) {
      try {
        const refund = await client.paymentRefunds.create({
          paymentId: input.paymentId,
          amount: { currency: input.currency, value: toMollieValue(input.amount) },
          description: input.description,
          idempotencyKey: input.idempotencyKey,
        });
        return fromMollie(refund);
      } catch (err) {
        const status = (err as MollieApiError).statusCode;
        if (status && status >= 400 && status < 500)
          throw new RefundRefusedError('Mollie refused the refund', { cause: err });
        if (err instanceof ProviderUnavailableError) throw err;
        throw new ProviderUnavailableError('Mollie: creating the refund failed', { cause: err });
      }
    },
    async list(paymentId) {
      try {
        const found: ProviderRefund[] = [];
        for await (const refund of client.paymentRefunds.iterate({ paymentId }))
          found.push(fromMollie(refund));
        return found;
      } catch (err) {
        if (err instanceof ProviderUnavailableError) throw err;
        throw new ProviderUnavailableError('Mollie: listing the refunds failed', { cause: err });
      }
    },
  };
}

/**
 * The test checkout's refunds (`test_refunds`): Mollie's checks (a paid payment, at most what
 * remains); a refund starts `pending` and the simulated bank completes it at the next look
 * (`list`), which the refund itself triggers at once (use-cases/refund-payment.ts).
 */
export function testRefundApi(db: Db): RefundApi {
  const toRefund = (r: typeof testRefunds.$inferSelect): ProviderRefund => ({
    id: r.id,
    paymentId: r.paymentId,
    status: isStatus(r.status) ? r.status : 'pending',
    amount: r.amount,
    currency: r.currency,
  });
  return {
    async create(input) {
      return db.transaction(async (tx) => {
        const [payment] = await tx
          .select()
          .from(testPayments)
          .where(eq(testPayments.id, input.paymentId))
          .for('update');
        if (payment?.status !== 'paid') throw new RefundRefusedError('the test payment is not refundable');
        const earlier = await tx
          .select({ amount: testRefunds.amount })
          .from(testRefunds)
          .where(
            and(
              eq(testRefunds.paymentId, payment.id),
              inArray(testRefunds.status, ['queued', 'pending', 'processing', 'refunded']),
            ),
          );
        const taken = earlier.reduce((s, r) => s + r.amount, 0);
        if (input.currency !== payment.currency || taken + input.amount > payment.amount)
          throw new RefundRefusedError('the amount is higher than the amount remaining');
        const [row] = await tx
          .insert(testRefunds)
          .values({
            id: `re_test${randomBytes(10).toString('hex')}`,
            paymentId: payment.id,
            amount: input.amount,
            currency: input.currency,
            description: input.description,
            status: 'pending',
          })
          .returning();
        return toRefund(row!);
      });
    },
    async list(paymentId) {
      // the simulated bank: a pending test refund is done by the time anyone looks again
      await db
        .update(testRefunds)
        .set({ status: 'refunded' })
        .where(and(eq(testRefunds.paymentId, paymentId), eq(testRefunds.status, 'pending')));
      const rows = await db
        .select()
        .from(testRefunds)
        .where(eq(testRefunds.paymentId, paymentId))
        .orderBy(asc(testRefunds.createdAt), asc(testRefunds.id));
      return rows.map(toRefund);
    },
  };
}

/** the Refunds API of the app's payment provider (null: payments are switched off) */
export function refundApiOf(provider: PaymentProvider | null, db: Db): RefundApi | null {
  if (!provider) return null;
  if (provider.name === 'test') return testRefundApi(db);
  return provider.mollieClient ? mollieRefunds(provider.mollieClient) : null;
}
