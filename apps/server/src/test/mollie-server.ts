import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { fakeRefunds } from './mollie-refunds.ts';

/**
 * A self-signed certificate for 127.0.0.1 / localhost (test use only, valid until 2126). The
 * Mollie client speaks HTTPS only and trusts its own CA bundle, so while this server runs, TLS
 * verification is switched off in this (test) process; see {@link startMollieServer}.
 */
const CERT = `-----BEGIN CERTIFICATE-----
MIIBmzCCAUGgAwIBAgIUfoYY8WlDrxqF2K2pVnAg8Q2/DS4wCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyMjEzMDYwMFoYDzIxMjYxMDI5
MTMwNjAwWjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAARw/VxzaR3HnLRsEDQRB6cf7jGhcsgtFsJGebHOCQ/g9SEUdLSQXzYo
vPjz1FbSO2Zfjoqw9Mj8vyEYVxphBUOno28wbTAdBgNVHQ4EFgQUaCbwibl7qKUX
NQ6ON/HNu/Ot6b0wHwYDVR0jBBgwFoAUaCbwibl7qKUXNQ6ON/HNu/Ot6b0wDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARhwR/AAABgglsb2NhbGhvc3QwCgYIKoZI
zj0EAwIDSAAwRQIgf+wQnR7Wt8u3StcPSUdBPtAF6+tiu5kFbPufD1Agc0ACIQCq
scWgO7d4USU5qgVCRrez6obXgJgFgXQDxiPzuTFcaw==
-----END CERTIFICATE-----
`;
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg5Uh4jMXwqPcIOKZD
ofOg3j2XD7Uyl+5XliQ5X683NnGhRANCAARw/VxzaR3HnLRsEDQRB6cf7jGhcsgt
FsJGebHOCQ/g9SEUdLSQXzYovPjz1FbSO2Zfjoqw9Mj8vyEYVxphBUOn
-----END PRIVATE KEY-----
`;

export type FakeStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

/** A payment as the fake keeps it (the fields of Mollie's payment object that the client reads). */
export interface FakePayment {
  resource: 'payment';
  id: string;
  mode: 'test';
  createdAt: string;
  amount: { value: string; currency: string };
  description: string;
  method: null;
  metadata: unknown;
  status: FakeStatus;
  isCancelable: boolean;
  expiresAt?: string;
  paidAt?: string;
  canceledAt?: string;
  expiredAt?: string;
  failedAt?: string;
  profileId: string;
  sequenceType: 'oneoff';
  redirectUrl: string;
  webhookUrl?: string;
  _links: Record<string, { href: string; type: string }>;
}

export interface CreateRequest {
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

const FINAL = new Set<FakeStatus>(['paid', 'failed', 'canceled', 'expired']);

/**
 * A Mollie-compatible HTTPS server for the API tests: `POST /v2/payments`,
 * `GET /v2/payments/{id}` and the Refunds API of a payment (mollie-refunds.ts) with the fields `@mollie/api-client` reads, a status the test sets, a
 * count of every call, injectable failures and a gate that holds `GET`s (for concurrency tests).
 * Point the real client at it with `MOLLIE_API_ENDPOINT` = {@link apiEndpoint}.
 */
export async function startMollieServer() {
  const payments = new Map<string, FakePayment>();
  const byIdempotencyKey = new Map<string, string>();
  const creates: CreateRequest[] = [];
  const calls = { create: 0, get: 0 };
  let failure: { status: number; times: number } | null = null;
  let gate: { open: Promise<void>; release: () => void; waiting: number } | null = null;
  let base = '';
  // the Refunds API (mollie-refunds.ts)
  const refunds = fakeRefunds(payments, () => base);

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/hal+json', ...headers });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, title: string, detail: string, field?: string) =>
    send(res, status, {
      status,
      title,
      detail,
      ...(field ? { field } : {}),
      _links: {
        documentation: { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' },
      },
    });

  async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      return parsed && typeof parsed === 'object' ? parsed : null;
    } catch {
      return null;
    }
  }

  function create(body: Record<string, unknown>): FakePayment | string {
    const amount = body.amount as { value?: unknown; currency?: unknown } | undefined;
    if (!amount || typeof amount.value !== 'string' || !/^\d+\.\d{2}$/.test(amount.value)) return 'amount';
    if (typeof amount.currency !== 'string' || !/^[A-Z]{3}$/.test(amount.currency)) return 'amount.currency';
    if (typeof body.description !== 'string' || body.description.length === 0) return 'description';
    if (typeof body.redirectUrl !== 'string' || !/^https?:\/\//.test(body.redirectUrl)) return 'redirectUrl';
    const id = `tr_${randomBytes(5).toString('hex')}`;
    const payment: FakePayment = {
      resource: 'payment',
      id,
      mode: 'test',
      createdAt: new Date().toISOString(),
      amount: { value: amount.value, currency: amount.currency },
      description: body.description,
      method: null,
      metadata: body.metadata ?? null,
      status: 'open',
      isCancelable: false,
      expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
      profileId: 'pfl_fake',
      sequenceType: 'oneoff',
      redirectUrl: body.redirectUrl,
      ...(typeof body.webhookUrl === 'string' ? { webhookUrl: body.webhookUrl } : {}),
      _links: {
        self: { href: `${base}/v2/payments/${id}`, type: 'application/hal+json' },
        checkout: { href: `${base}/checkout/select-method/${id}`, type: 'text/html' },
        dashboard: { href: `${base}/dashboard/payments/${id}`, type: 'text/html' },
      },
    };
    payments.set(id, payment);
    return payment;
  }

  const server = createServer({ key: KEY, cert: CERT }, async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    const getMatch = /^\/v2\/payments\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'POST' && url.pathname === '/v2/payments') calls.create++;
    else if (req.method === 'GET' && getMatch) calls.get++;

    if (failure && failure.times !== 0) {
      if (failure.times > 0) failure.times--;
      // Retry-After: 0 keeps the client's own retries (3 attempts) fast
      return send(
        res,
        failure.status,
        { status: failure.status, title: 'Service Unavailable', detail: 'Injected failure' },
        { 'retry-after': '0' },
      );
    }
    if (!/^Bearer (test|live)_\w+$/.test(req.headers.authorization ?? '')) {
      return error(res, 401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');
    }

    if (req.method === 'POST' && url.pathname === '/v2/payments') {
      const body = await readJson(req);
      if (!body) return error(res, 400, 'Bad Request', 'The JSON body is invalid');
      const key = req.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      creates.push({ body, idempotencyKey, authorization: req.headers.authorization });
      const known = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
      if (known) return send(res, 201, payments.get(known));
      const made = create(body);
      if (typeof made === 'string')
        return error(res, 422, 'Unprocessable Entity', `The ${made} is invalid`, made);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, made.id);
      return send(res, 201, made);
    }
    const key = req.headers['idempotency-key'];
    const refundAnswer = refunds.route(req.method ?? 'GET', url.pathname, () => readJson(req), key as string);
    if (refundAnswer) {
      const a = await refundAnswer;
      return 'error' in a ? error(res, a.error, a.title, a.detail, a.field) : send(res, a.status, a.body);
    }
    if (req.method === 'GET' && getMatch) {
      if (gate) {
        gate.waiting++;
        await gate.open;
      }
      const payment = payments.get(decodeURIComponent(getMatch[1] ?? ''));
      if (!payment) return error(res, 404, 'Not Found', `No payment exists with token ${getMatch[1]}.`);
      return send(res, 200, payment);
    }
    return error(res, 404, 'Not Found', 'The resource does not exist');
  });

  // TLS connections accepted (the client keeps its connection between calls)
  let tlsConnections = 0;
  server.on('secureConnection', () => {
    tlsConnections++;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The client pins its own CA bundle; our self-signed certificate is accepted only because TLS
  // verification is off while this test server runs (restored on close).
  const previousTls = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

  return {
    /** MOLLIE_API_ENDPOINT for the app under test */
    apiEndpoint: `${base}/v2/`,
    payments,
    /** how many TLS connections clients opened so far */
    tlsConnections: () => tlsConnections,
    /** every create request as received (body, Idempotency-Key, Authorization) */
    creates,
    calls,
    /** the Refunds API: its refunds, calls, `setStatus` (the bank) and `of(paymentId)` */
    refunds,
    /** the payment created last */
    last(): FakePayment {
      const all = [...payments.values()];
      const found = all.at(-1);
      if (!found) throw new Error('no payment created yet');
      return found;
    },
    /** what the customer did at the checkout (or what Mollie decided) */
    setStatus(id: string, status: FakeStatus) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`unknown payment ${id}`);
      const at = new Date().toISOString();
      payment.status = status;
      if (status === 'paid') payment.paidAt = at;
      if (status === 'canceled') payment.canceledAt = at;
      if (status === 'expired') payment.expiredAt = at;
      if (status === 'failed') payment.failedAt = at;
      if (FINAL.has(status)) {
        delete payment._links.checkout;
        delete payment.expiresAt;
      }
    },
    /** answer `status` to the next `times` requests (-1: until cleared with `fail(null)`) */
    fail(status: number | null, times = -1) {
      failure = status === null ? null : { status, times };
    },
    /** holds every GET until the returned `release` is called; `waiting()` counts the held ones */
    hold() {
      let release = () => {};
      const open = new Promise<void>((resolve) => {
        release = resolve;
      });
      gate = { open, release, waiting: 0 };
      const current = gate;
      return {
        waiting: () => current.waiting,
        release: () => {
          if (gate === current) gate = null;
          current.release();
        },
      };
    },
    reset() {
      calls.create = 0;
      calls.get = 0;
      creates.length = 0;
      refunds.reset();
      failure = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (previousTls === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
        else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previousTls;
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type MollieServer = Awaited<ReturnType<typeof startMollieServer>>;
