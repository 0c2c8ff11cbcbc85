import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/build-test-app.ts';

/**
 * Throttles hold however parallel the requests (issue 11 item 11): every attempt is reserved
 * before the guarded work runs. Runs on the in-process counter (PGlite or PostgreSQL) and, with
 * TEST_REDIS_URL, on Redis. Each run uses its own client address, so Redis keys of other runs
 * never meet.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const stores: { name: string; redis?: string }[] = [
  { name: 'in-process counter' },
  ...(redisUrl ? [{ name: 'Redis', redis: redisUrl }] : []),
];
const freshIp = () => ({
  remoteAddress: `10.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(1, 250)}`,
});

describe.each(stores)('throttles under 200 parallel requests ($name)', ({ redis }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(redis ? { redisUrl: redis } : {});
  });
  afterAll(async () => {
    await t.close();
  });

  /** agents with their CSRF token already fetched, so that the burst itself is only the guarded request */
  async function agents(n: number) {
    const list = Array.from({ length: n }, () => t.agent());
    for (let i = 0; i < n; i += 20)
      await Promise.all(list.slice(i, i + 20).map((a) => a.get('/sanctum/csrf-cookie')));
    return list;
  }

  /** how many responses had each status */
  const histogram = (codes: number[]) => {
    const h: Record<number, number> = {};
    for (const c of codes) h[c] = (h[c] ?? 0) + 1;
    return h;
  };

  it('runs at most 5 password checks per e-mail and IP, and then refuses the right password', async () => {
    const u = await t.make.user();
    const ip = freshIp();
    const codes = await Promise.all(
      (await agents(200)).map((a) =>
        a.post('/api/login', { email: u.email, password: 'Wrong-pass1' }, ip).then((r) => r.statusCode),
      ),
    );
    expect(histogram(codes)).toEqual({ 422: 5, 429: 195 });
    const right = await Promise.all(
      (await agents(30)).map((a) =>
        a.post('/api/login', { email: u.email, password: TEST_PASSWORD }, ip).then((r) => r.statusCode),
      ),
    );
    expect(right.every((c) => c === 429)).toBe(true);
  });

  it('runs at most 50 password checks per IP across e-mails', async () => {
    const ip = freshIp();
    const codes = await Promise.all(
      (await agents(200)).map((a, i) =>
        a
          .post(
            '/api/login',
            { email: `spray${i}-${ip.remoteAddress}@example.test`, password: 'Wrong-pass1' },
            ip,
          )
          .then((r) => r.statusCode),
      ),
    );
    expect(histogram(codes)).toEqual({ 422: 50, 429: 150 });
  });

  it('lets at most 30 parallel access-link and invitation guesses through per IP', async () => {
    const ip = freshIp();
    const codes = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t
          .agent()
          .get(i % 2 ? `/api/companies/access-link/guess${i}` : `/api/companies/invitations/guess${i}`, ip)
          .then((r) => r.statusCode),
      ),
    );
    expect(histogram(codes)).toEqual({ 404: 30, 429: 170 });
  });

  it('counts a successful login as no failure', async () => {
    const u = await t.make.user();
    const ip = freshIp();
    for (let i = 0; i < 4; i++)
      await t.agent().post('/api/login', { email: u.email, password: 'Wrong-pass1' }, ip);
    expect(
      (await t.agent().post('/api/login', { email: u.email, password: TEST_PASSWORD }, ip)).statusCode,
    ).toBe(200);
    for (let i = 0; i < 5; i++)
      expect(
        (await t.agent().post('/api/login', { email: u.email, password: 'Wrong-pass1' }, ip)).statusCode,
      ).toBe(422);
  });
});
