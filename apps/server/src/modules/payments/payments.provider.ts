import { randomBytes } from 'node:crypto';
import { PAYMENT_STATUSES, type PaymentStatus } from '@elearn/shared';
import { createMollieClient, type MollieApiError } from '@mollie/api-client';
import { and, eq, lt } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { testPayments } from '../../db/schema/index.ts';

/** the real Mollie client (`@mollie/api-client`) */
export type MollieClient = ReturnType<typeof createMollieClient>;

/** A payment as the provider reports it (never taken from a request body). */
export interface ProviderPayment {
  id: string;
  status: PaymentStatus;
  /** minor units */
  amount: number;
  currency: string;
  metadata: Record<string, unknown> | null;
  checkoutUrl: string | null;
  paidAt: Date | null;
}

export interface CreatePaymentInput {
  /** minor units */
  amount: number;
  currency: string;
  description: string;
  redirectUrl: string;
  /** null: the provider cannot reach us (see createMollieProvider); the redirect page syncs instead */
  webhookUrl: string | null;
  metadata: { bookingId: number };
  /** the same key makes a retried create return the same payment */
  idempotencyKey: string;
}

/**
 * The payment provider behind `POST /api/booking/now` and the webhook: Mollie, or the built-in
 * test checkout. `get` is the only source of a payment's status.
 */
export interface PaymentProvider {
  readonly name: 'mollie' | 'test';
  /** @throws ProviderUnavailableError when the provider cannot be reached or refuses */
  create(input: CreatePaymentInput): Promise<ProviderPayment>;
  /**
   * The payment as the provider knows it now; null when the provider does not know the id.
   * @throws ProviderUnavailableError when the provider cannot be reached
   */
  get(id: string): Promise<ProviderPayment | null>;
  /** Mollie's client, for its Refunds API (refunds.provider.ts) */
  readonly mollieClient?: MollieClient;
}

/** The provider did not answer usefully (network, 5xx, unexpected body): try again later. */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

const isStatus = (value: unknown): value is PaymentStatus =>
  typeof value === 'string' && (PAYMENT_STATUSES as readonly string[]).includes(value);

/** `24900` → `"249.00"` (Mollie wants the amount as a string with two decimals). */
export const toMollieValue = (minor: number) => (minor / 100).toFixed(2);
/** `"249.00"` → `24900`; NaN for anything that is not a plain decimal number. */
export const fromMollieValue = (value: string) =>
  /^\d+(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : Number.NaN;

/** Loopback origins Mollie cannot call back (webhooks are then left out, see docs/decisions.md). */
const isLoopback = (url: string) => {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || host.startsWith('127.') || host.endsWith('.localhost');
};

/**
 * The real Mollie API through `@mollie/api-client`; `MOLLIE_API_ENDPOINT` points it at another
 * base address (the tests' Mollie-compatible server). The client speaks HTTPS only.
 */
export function createMollieProvider(config: AppConfig): PaymentProvider & { sendsWebhooks: boolean } {
  const client = createMollieClient({
    apiKey: config.mollieApiKey ?? '',
    ...(config.mollieApiEndpoint ? { apiEndpoint: config.mollieApiEndpoint } : {}),
    versionStrings: 'elearn/1.0',
  });
  // Mollie refuses a webhook URL it cannot reach; a local install with the real API relies on the
  // redirect page's status sync instead
  const sendsWebhooks = !!config.mollieApiEndpoint || !isLoopback(config.appUrl);

  const fromMollie = (p: {
    id: string;
    status: string;
    amount: { value: string; currency: string };
    metadata?: unknown;
    paidAt?: string | null;
    getCheckoutUrl(): string | null;
  }): ProviderPayment => {
    if (!isStatus(p.status)) throw new ProviderUnavailableError(`unknown Mollie status ${p.status}`);
    const metadata =
      p.metadata && typeof p.metadata === 'object' && !Array.isArray(p.metadata)
        ? (p.metadata as Record<string, unknown>)
        : null;
    return {
      id: p.id,
      status: p.status,
      amount: fromMollieValue(p.amount.value),
      currency: p.amount.currency,
      metadata,
      checkoutUrl: p.getCheckoutUrl(),
      paidAt: p.paidAt ? new Date(p.paidAt) : null,
    };
  };

  return {
    name: 'mollie',
    sendsWebhooks,
    mollieClient: client,
    async create(input) {
      try {
        const payment = await client.payments.create({
          amount: { currency: input.currency, value: toMollieValue(input.amount) },
          description: input.description,
          redirectUrl: input.redirectUrl,
          ...(sendsWebhooks && input.webhookUrl ? { webhookUrl: input.webhookUrl } : {}),
          metadata: input.metadata,
          idempotencyKey: input.idempotencyKey,
        });
        return fromMollie(payment);
      } catch (err) {
        if (err instanceof ProviderUnavailableError) throw err;
        throw new ProviderUnavailableError('Mollie: creating the payment failed', { cause: err });
      }
    },
    async get(id) {
      try {
        return fromMollie(await client.payments.get(id));
      } catch (err) {
        if ((err as MollieApiError).statusCode === 404) return null;
        if (err instanceof ProviderUnavailableError) throw err;
        throw new ProviderUnavailableError('Mollie: fetching the payment failed', { cause: err });
      }
    },
  };
}

/** How long a test payment stays open (Mollie's checkout expires open payments too). */
export const TEST_PAYMENT_TTL_MS = 15 * 60_000;

export type TestPaymentRow = typeof testPayments.$inferSelect;

/**
 * The built-in test provider (no MOLLIE_API_KEY): keeps its payments in `test_payments`, like
 * Mollie keeps them on its side. Its checkout is the web page `/payment/test-checkout/{id}`,
 * which settles a payment through {@link TestProvider.settle}; the booking then changes only
 * through the same status sync as with Mollie.
 */
export interface TestProvider extends PaymentProvider {
  readonly name: 'test';
  /** the provider's own record (amount, description, redirect URL), expired when its time is up */
  find(id: string): Promise<TestPaymentRow | null>;
  /** pays, fails or cancels an open payment; a settled or expired one stays as it is */
  settle(id: string, status: 'paid' | 'failed' | 'canceled'): Promise<TestPaymentRow | null>;
}

export function createTestProvider(deps: { db: Db; now?: () => number }): TestProvider {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  /** open payments whose time is up become `expired` (what Mollie reports for them) */
  async function expire(id: string) {
    await db
      .update(testPayments)
      .set({ status: 'expired' })
      .where(
        and(
          eq(testPayments.id, id),
          eq(testPayments.status, 'open'),
          lt(testPayments.expiresAt, new Date(now())),
        ),
      );
  }

  async function find(id: string): Promise<TestPaymentRow | null> {
    await expire(id);
    const [row] = await db.select().from(testPayments).where(eq(testPayments.id, id)).limit(1);
    return row ?? null;
  }

  const toPayment = (row: TestPaymentRow, locale: string): ProviderPayment => ({
    id: row.id,
    status: isStatus(row.status) ? row.status : 'open',
    amount: row.amount,
    currency: row.currency,
    metadata: row.metadata ?? null,
    checkoutUrl: row.status === 'open' ? `${siteOf(row)}${locale}/payment/test-checkout/${row.id}` : null,
    paidAt: row.paidAt,
  });
  // the checkout page in the language of the redirect URL (the language the booking started in)
  const localeOf = (row: TestPaymentRow) =>
    new URL(row.redirectUrl).pathname.startsWith('/en/') ? '/en' : '';
  // and on its site: the address the booking started at (plugins/request-origin.ts), so that the
  // browser keeps its session and cookie consent through the checkout
  const siteOf = (row: TestPaymentRow) =>
    row.redirectUrl.replace(/(\/en)?\/payment\/mollie\/redirect\?.*$/, '');

  return {
    name: 'test',
    find,
    async create(input) {
      const id = `tr_test${randomBytes(10).toString('hex')}`;
      const at = now();
      const [row] = await db
        .insert(testPayments)
        .values({
          id,
          amount: input.amount,
          currency: input.currency,
          description: input.description,
          redirectUrl: input.redirectUrl,
          webhookUrl: input.webhookUrl,
          metadata: input.metadata,
          status: 'open',
          createdAt: new Date(at),
          expiresAt: new Date(at + TEST_PAYMENT_TTL_MS),
        })
        .returning();
      if (!row) throw new ProviderUnavailableError('test provider: insert returned no row');
      return toPayment(row, localeOf(row));
    },
    async get(id) {
      const row = await find(id);
      return row ? toPayment(row, localeOf(row)) : null;
    },
    async settle(id, status) {
      await expire(id);
      await db
        .update(testPayments)
        .set({ status, ...(status === 'paid' ? { paidAt: new Date(now()) } : {}) })
        .where(and(eq(testPayments.id, id), eq(testPayments.status, 'open')));
      return find(id);
    },
  };
}

/**
 * Mollie when MOLLIE_API_KEY is set; otherwise the test checkout, except in production, where
 * paid booking is switched off (a test checkout there would hand out seminars for free).
 */
export function selectPaymentProvider(config: AppConfig, db: Db, now?: () => number): PaymentProvider | null {
  if (config.mollieApiKey) return createMollieProvider(config);
  if (config.env === 'production') return null;
  return createTestProvider({ db, now });
}
