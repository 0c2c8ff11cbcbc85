import { randomBytes } from 'node:crypto';
import type { FakePayment } from './mollie-server.ts';

export type FakeRefundStatus = 'queued' | 'pending' | 'processing' | 'refunded' | 'failed' | 'canceled';

/** A refund as the fake keeps it (the fields of Mollie's refund object that the client reads). */
export interface FakeRefund {
  resource: 'refund';
  id: string;
  mode: 'test';
  amount: { value: string; currency: string };
  settlementAmount: { value: string; currency: string };
  description: string;
  metadata: unknown;
  status: FakeRefundStatus;
  paymentId: string;
  createdAt: string;
  _links: Record<string, { href: string; type: string }>;
}

const cents = (value: string) => Math.round(Number(value) * 100);
const value = (minor: number) => (minor / 100).toFixed(2);
/** refunds that still count against the payment's amount (Mollie: all but failed and canceled) */
const counts = (r: FakeRefund) => r.status !== 'failed' && r.status !== 'canceled';

type Answer =
  | { status: number; body: unknown }
  | { error: number; title: string; detail: string; field?: string };

/**
 * The Refunds API of the Mollie-compatible test server: `POST /v2/payments/{id}/refunds`,
 * `GET /v2/payments/{id}/refunds` and `GET /v2/payments/{id}/refunds/{refundId}`, with Mollie's
 * checks (only a paid payment; at most the amount remaining) and the payment's `amountRefunded`,
 * `amountRemaining` and `_links.refunds`. {@link setStatus} is what the bank does later; Mollie
 * then calls the payment's webhook (the caller delivers it).
 */
export function fakeRefunds(payments: Map<string, FakePayment>, base: () => string) {
  const refunds = new Map<string, FakeRefund>();
  const byIdempotencyKey = new Map<string, string>();
  const calls = { create: 0, list: 0, get: 0 };

  const ofPayment = (paymentId: string) => [...refunds.values()].filter((r) => r.paymentId === paymentId);
  function refresh(payment: FakePayment) {
    const refunded = ofPayment(payment.id)
      .filter(counts)
      .reduce((s, r) => s + cents(r.amount.value), 0);
    const p = payment as FakePayment & Record<string, unknown>;
    p.amountRefunded = { value: value(refunded), currency: payment.amount.currency };
    p.amountRemaining = {
      value: value(cents(payment.amount.value) - refunded),
      currency: payment.amount.currency,
    };
    if (refunded > 0 || ofPayment(payment.id).length) {
      payment._links.refunds = {
        href: `${base()}/v2/payments/${payment.id}/refunds`,
        type: 'application/hal+json',
      };
    }
  }

  function create(paymentId: string, body: Record<string, unknown>, key: string | undefined): Answer {
    calls.create++;
    const payment = payments.get(paymentId);
    if (!payment)
      return { error: 404, title: 'Not Found', detail: `No payment exists with token ${paymentId}.` };
    const known = key ? byIdempotencyKey.get(key) : undefined;
    if (known) return { status: 201, body: refunds.get(known) };
    const amount = body.amount as { value?: unknown; currency?: unknown } | undefined;
    if (
      !amount ||
      typeof amount.value !== 'string' ||
      !/^\d+\.\d{2}$/.test(amount.value) ||
      cents(amount.value) <= 0
    )
      return { error: 422, title: 'Unprocessable Entity', detail: 'The amount is invalid', field: 'amount' };
    if (amount.currency !== payment.amount.currency)
      return {
        error: 422,
        title: 'Unprocessable Entity',
        detail: 'The currency is invalid',
        field: 'amount.currency',
      };
    if (payment.status !== 'paid')
      return { error: 422, title: 'Unprocessable Entity', detail: 'The payment is not refundable' };
    const taken = ofPayment(paymentId)
      .filter(counts)
      .reduce((s, r) => s + cents(r.amount.value), 0);
    if (taken + cents(amount.value) > cents(payment.amount.value))
      return {
        error: 422,
        title: 'Unprocessable Entity',
        detail: 'The amount is higher than the amount remaining',
        field: 'amount',
      };
    const id = `re_${randomBytes(5).toString('hex')}`;
    const refund: FakeRefund = {
      resource: 'refund',
      id,
      mode: 'test',
      amount: { value: amount.value, currency: amount.currency },
      settlementAmount: { value: `-${amount.value}`, currency: amount.currency },
      description: typeof body.description === 'string' ? body.description : '',
      metadata: body.metadata ?? null,
      status: 'pending',
      paymentId,
      createdAt: new Date().toISOString(),
      _links: {
        self: { href: `${base()}/v2/payments/${paymentId}/refunds/${id}`, type: 'application/hal+json' },
        payment: { href: `${base()}/v2/payments/${paymentId}`, type: 'application/hal+json' },
      },
    };
    refunds.set(id, refund);
    if (key) byIdempotencyKey.set(key, id);
    refresh(payment);
    return { status: 201, body: refund };
  }

  function list(paymentId: string): Answer {
    calls.list++;
    if (!payments.has(paymentId))
      return { error: 404, title: 'Not Found', detail: `No payment exists with token ${paymentId}.` };
    const found = ofPayment(paymentId);
    return {
      status: 200,
      body: {
        count: found.length,
        _embedded: { refunds: found },
        _links: {
          self: { href: `${base()}/v2/payments/${paymentId}/refunds`, type: 'application/hal+json' },
          previous: null,
          next: null,
          documentation: { href: 'https://docs.mollie.com/reference/list-refunds', type: 'text/html' },
        },
      },
    };
  }

  return {
    refunds,
    calls,
    /** answers a refunds request, or null when the path is not one of the Refunds API */
    route(
      method: string,
      path: string,
      body: () => Promise<Record<string, unknown> | null>,
      key?: string,
    ): Promise<Answer> | null {
      const m = /^\/v2\/payments\/([^/]+)\/refunds(?:\/([^/]+))?$/.exec(path);
      if (!m) return null;
      const paymentId = decodeURIComponent(m[1] ?? '');
      if (method === 'POST' && !m[2]) {
        return body().then((b) =>
          b
            ? create(paymentId, b, key)
            : { error: 400, title: 'Bad Request', detail: 'The JSON body is invalid' },
        );
      }
      if (method === 'GET' && !m[2]) return Promise.resolve(list(paymentId));
      if (method === 'GET' && m[2]) {
        calls.get++;
        const refund = refunds.get(decodeURIComponent(m[2]));
        if (!refund || refund.paymentId !== paymentId)
          return Promise.resolve({
            error: 404,
            title: 'Not Found',
            detail: `No refund exists with token ${m[2]}.`,
          });
        return Promise.resolve({ status: 200, body: refund } as Answer);
      }
      return null;
    },
    /** what the bank did with a refund; answers the payment whose webhook Mollie now calls */
    setStatus(id: string, status: FakeRefundStatus): FakePayment {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`unknown refund ${id}`);
      refund.status = status;
      const payment = payments.get(refund.paymentId);
      if (!payment) throw new Error(`unknown payment ${refund.paymentId}`);
      refresh(payment);
      return payment;
    },
    /** the refunds of a payment, oldest first */
    of: ofPayment,
    reset() {
      calls.create = 0;
      calls.list = 0;
      calls.get = 0;
    },
  };
}
