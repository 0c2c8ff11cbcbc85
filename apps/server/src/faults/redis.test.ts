import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../db/schema/index.ts';
import { usersRepository } from '../modules/users/users.repository.ts';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../test/build-test-app.ts';
import { startRedisServer } from '../test/redis-server.ts';

type Redis = Awaited<ReturnType<typeof startRedisServer>>;

/**
 * REDIS_URL set and Redis away (stopped) or stalled (SIGSTOP): pages never wait for Redis, the
 * throttled routes answer 503 with Retry-After within about a second and do nothing, not even
 * after Redis comes back; the server serves again without a restart (docs/decisions.md "Faults").
 */
describe('Redis down or stalled (a real redis-server on its own port)', () => {
  let redis: Redis;
  let t: TestApp;
  let dist: string;
  let n = 0;
  const registration = () => {
    n++;
    return {
      username: `redisfault${n}`,
      email: `redis-fault-${n}@example.test`,
      first_name: 'R',
      last_name: 'F',
      password: 'Fault-Passw0rd',
      password_confirmation: 'Fault-Passw0rd',
    };
  };
  const timed = async <T>(p: Promise<T>) => {
    const started = performance.now();
    const res = await p;
    return { res, ms: performance.now() - started };
  };
  const expect503 = (res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect((res.json() as { code: string }).code).toBe('service_unavailable');
  };
  /** polls until the app's Redis client is connected again (it reconnects every 0.2–2 s) */
  const waitForRedis = async () => {
    const a = t.agent();
    for (let i = 0; i < 100; i++) {
      const res = await a.post('/api/login', { email: 'nobody@example.test', password: 'wrong-one' });
      if (res.statusCode === 422) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the app did not reconnect to Redis');
  };

  beforeAll(async () => {
    redis = await startRedisServer();
    dist = await mkdtemp(path.join(os.tmpdir(), 'elearn-dist-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await buildTestApp({ redisUrl: redis.url, webDist: dist });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
    await rm(dist, { recursive: true, force: true });
  });

  it('with Redis stopped: pages and unknown paths answer as usual, throttled routes 503 at once', async () => {
    const user = await t.make.user();
    await waitForRedis();
    await redis.stop();
    const a = t.agent();

    for (const url of ['/seminar', '/en/login', '/nope']) {
      const { res, ms } = await timed(t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } }));
      expect(res.statusCode, url).toBe(url === '/nope' ? 404 : 200);
      expect(res.body).toContain('<div id="root">');
      expect(ms).toBeLessThan(500);
    }
    const unknownApi = await a.get('/api/no-such-route');
    expect(unknownApi.statusCode).toBe(404);
    expect(unknownApi.json().code).toBe('route_not_found');

    const login = await timed(a.post('/api/login', { email: user.email, password: TEST_PASSWORD }));
    expect503(login.res);
    expect(login.ms).toBeLessThan(1500);

    const body = registration();
    expect503(await a.post('/api/register', body));
    expect503(await a.post('/api/forgot-password', { email: user.email }));
    expect503(await a.get('/api/companies/access-link/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'));
    expect503(await a.post('/api/email/verification-notification', { email: user.email }));

    // nothing happened: no user, no reset token
    expect(await usersRepository.findByEmail(t.app.database.db, body.email)).toBeUndefined();
    expect(await t.app.database.db.select().from(passwordResetTokens)).toHaveLength(0);

    // Redis back: the same server serves again
    await redis.start();
    await waitForRedis();
    expect((await a.post('/api/register', body)).statusCode).toBe(201);
    expect(
      (await t.agent().post('/api/login', { email: user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('with Redis stalled (SIGSTOP): 503 after the command timeout, no late side effect', async () => {
    await waitForRedis();
    const a = t.agent();
    await a.get('/sanctum/csrf-cookie');
    redis.pause();
    try {
      const body = registration();
      const { res, ms } = await timed(a.post('/api/register', body));
      expect503(res);
      expect(ms).toBeLessThan(3000);
      const page = await timed(
        t.app.inject({ method: 'GET', url: '/seminar', headers: { accept: 'text/html' } }),
      );
      expect(page.res.statusCode).toBe(200);
      expect(page.ms).toBeLessThan(500);
      redis.resume();
      await waitForRedis();
      // the stalled INCR ran once Redis thawed, but the registration stays undone
      await new Promise((r) => setTimeout(r, 200));
      expect(await usersRepository.findByEmail(t.app.database.db, body.email)).toBeUndefined();
      expect((await a.post('/api/register', body)).statusCode).toBe(201);
    } finally {
      redis.resume();
    }
  });
});
