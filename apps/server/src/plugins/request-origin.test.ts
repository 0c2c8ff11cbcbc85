import { request as httpRequest } from 'node:http';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv, loadEnv } from '../config.ts';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../test/build-test-app.ts';
import { seminarFixtures } from '../test/fixtures.ts';
import { type MollieServer, startMollieServer } from '../test/mollie-server.ts';
import { freePort } from '../test/server-process.ts';

interface Answer {
  status: number;
  json: () => Record<string, unknown>;
}

/**
 * A browser over real HTTP: cookies are kept per host (ours are host-only), so a link to another
 * host of the same machine arrives without the session, as in a real browser. `host` sends a Host
 * header other than the URL's (a forged one).
 */
function browser() {
  const jars = new Map<string, Map<string, string>>();
  const jar = (host: string) => jars.get(host) ?? jars.set(host, new Map()).get(host)!;
  async function send(method: string, url: string, body?: unknown, host?: string): Promise<Answer> {
    const target = new URL(url);
    const cookies = jar(target.host);
    const xsrf = [...cookies].find(([k]) => k.endsWith('XSRF-TOKEN'))?.[1];
    const headers: Record<string, string> = {
      host: host ?? target.host,
      accept: 'application/json',
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...(body === undefined
        ? {}
        : { 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf ?? '') }),
    };
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          hostname: target.hostname.replace(/^\[|\]$/g, ''),
          port: target.port,
          path: target.pathname + target.search,
          method,
          headers,
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => {
            text += d;
          });
          res.on('end', () => {
            for (const line of res.headers['set-cookie'] ?? []) {
              const [pair = ''] = line.split(';');
              const i = pair.indexOf('=');
              cookies.set(pair.slice(0, i), pair.slice(i + 1));
            }
            resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text) });
          });
        },
      );
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  }
  return {
    get: (url: string, host?: string) => send('GET', url, undefined, host),
    async post(url: string, body: unknown, host?: string) {
      const target = new URL(url);
      if (![...jar(target.host).keys()].some((k) => k.endsWith('XSRF-TOKEN')))
        await send('GET', `${target.origin}/sanctum/csrf-cookie`, undefined, host);
      return send('POST', url, body, host);
    },
  };
}

/** the first address of this machine in its network (what `npm start` prints for a phone), if any */
const networkAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

async function listenEverywhere(t: TestApp, port: number) {
  // IPv4 and IPv6 where the machine has both (a browser may take localhost as ::1)
  await t.app.listen({ port, host: '::' }).catch(() => t.app.listen({ port, host: '0.0.0.0' }));
}

describe('development without APP_URL: every address of the machine works end to end', () => {
  let t: TestApp;
  let port: number;
  let seminarId: number;
  let email: string;

  beforeAll(async () => {
    port = await freePort();
    // what `npm start` derives: NODE_ENV=development, no APP_URL
    const dev = configFromEnv(loadEnv({ NODE_ENV: 'development', PORT: String(port) }));
    expect(dev.appUrl).toBe(`http://localhost:${port}`);
    expect(dev.appUrlFollowsRequest).toBe(true);
    t = await buildTestApp({
      env: dev.env,
      port,
      appUrl: dev.appUrl,
      appUrlFollowsRequest: dev.appUrlFollowsRequest,
      rateLimitFactor: 100,
    });
    await listenEverywhere(t, port);
    const trainer = await t.make.user({ scopes: ['trainer'] });
    seminarId = (await seminarFixtures(t.app).seminar(trainer.id, { price: 24_900, title: 'Testkasse' })).id;
    email = (await t.make.user()).email;
  });
  afterAll(async () => {
    await t?.close();
  });

  const hosts = ['localhost', '127.0.0.1', ...(networkAddress ? [networkAddress] : [])];
  it.each(hosts)(
    'via %s: the test checkout, its return and the booking stay on that address with the session',
    async (hostname) => {
      const site = `http://${hostname}:${port}`;
      const b = browser();
      expect((await b.post(`${site}/api/login`, { email, password: TEST_PASSWORD })).status).toBe(200);
      // a fresh booking each time: cancel what an earlier address left open
      const booked = await b.post(`${site}/api/booking/now`, { seminarId });
      expect([200, 201]).toContain(booked.status);
      const { checkoutUrl, bookingId } = booked.json() as { checkoutUrl: string; bookingId: number };
      expect(checkoutUrl).toMatch(new RegExp(`^${site}/payment/test-checkout/tr_test[0-9a-f]+$`));
      // the checkout page's data, asked from where the browser was sent: still logged in
      const paymentId = checkoutUrl.split('/').pop() ?? '';
      const checkoutApi = new URL(`/api/payments/test-checkout/${paymentId}`, checkoutUrl).href;
      expect((await b.get(checkoutApi)).status).toBe(200);
      const settled = await b.post(checkoutApi, { action: 'canceled' });
      expect(settled.status).toBe(200);
      const { redirectUrl } = settled.json() as { redirectUrl: string };
      expect(redirectUrl).toBe(`${site}/payment/mollie/redirect?bookingId=${bookingId}`);
      // the return page's status call, from the return URL's host: the session is there
      const status = await b.get(new URL(`/api/payments/booking/${bookingId}`, redirectUrl).href);
      expect(status.status).toBe(200);
      expect(status.json()).toMatchObject({ status: 'canceled' });
    },
  );

  it('a Host that is not this machine, or not its port, gets APP_URL', async () => {
    const site = `http://127.0.0.1:${port}`;
    for (const forged of ['evil.example', `evil.example:${port}`, `127.0.0.1:${port + 1}`, 'localhost']) {
      const b = browser();
      expect((await b.post(`${site}/api/login`, { email, password: TEST_PASSWORD }, forged)).status).toBe(
        200,
      );
      const booked = await b.post(`${site}/api/booking/now`, { seminarId }, forged);
      expect([200, 201]).toContain(booked.status);
      const { checkoutUrl, bookingId } = booked.json() as { checkoutUrl: string; bookingId: number };
      expect(checkoutUrl.startsWith(`http://localhost:${port}/payment/test-checkout/`), forged).toBe(true);
      // leave nothing open for the next round
      const paymentId = checkoutUrl.split('/').pop() ?? '';
      const settled = await b.post(
        `${site}/api/payments/test-checkout/${paymentId}`,
        { action: 'canceled' },
        forged,
      );
      expect((settled.json() as { redirectUrl: string }).redirectUrl).toBe(
        `http://localhost:${port}/payment/mollie/redirect?bookingId=${bookingId}`,
      );
    }
  });
});

describe('production: only APP_URL, whatever the Host header says', () => {
  let t: TestApp;
  let mollie: MollieServer;
  let port: number;
  const APP_URL = 'https://learn.example.ch';

  beforeAll(async () => {
    port = await freePort();
    mollie = await startMollieServer();
    const prod = configFromEnv(
      loadEnv({
        NODE_ENV: 'production',
        PORT: String(port),
        APP_URL,
        SESSION_SECRET: 'prod-secret-prod-secret-prod-secret-000',
      }),
    );
    expect(prod.appUrlFollowsRequest).toBe(false);
    t = await buildTestApp({
      env: prod.env,
      port,
      appUrl: prod.appUrl,
      appUrlFollowsRequest: prod.appUrlFollowsRequest,
      mollieApiKey: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM',
      mollieApiEndpoint: mollie.apiEndpoint,
      rateLimitFactor: 100,
    });
    await listenEverywhere(t, port);
  });
  afterAll(async () => {
    await t?.close();
    await mollie?.close();
  });

  it('a forged Host (or a local one) cannot steer the return URL given to the payment provider', async () => {
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const fx = seminarFixtures(t.app);
    const site = `http://127.0.0.1:${port}`;
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:${port}`, `localhost:${port}`]) {
      const seminar = await fx.seminar(trainer.id, { price: 24_900, title: `Prod ${host}` });
      const { email } = await t.make.user();
      const b = browser();
      expect((await b.post(`${site}/api/login`, { email, password: TEST_PASSWORD }, host)).status).toBe(200);
      const booked = await b.post(`${site}/api/booking/now`, { seminarId: seminar.id }, host);
      expect(booked.status).toBe(201);
      const { bookingId } = booked.json() as { bookingId: number };
      const sent = [...mollie.payments.values()].find(
        (p) => (p.metadata as { bookingId?: number } | null)?.bookingId === bookingId,
      );
      expect(sent?.redirectUrl, host).toBe(`${APP_URL}/payment/mollie/redirect?bookingId=${bookingId}`);
      expect(sent?.webhookUrl).toBe(`${APP_URL}/payment/mollie/webhook`);
    }
  });
});
