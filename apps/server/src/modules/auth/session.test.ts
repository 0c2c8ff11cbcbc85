import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/build-test-app.ts';

const clock = { t: Date.UTC(2026, 0, 10, 8, 0, 0) };

describe('sessions and CSRF (DESIGN section 5, SECURITY A-01…A-07)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ sessionIdleMinutes: 120, sessionAbsoluteHours: 12 }, { now: () => clock.t });
  });
  afterAll(() => t.close());

  it('csrf-cookie answers 204 with a readable XSRF cookie and writes no row for a guest', async () => {
    const count = async () => (await t.app.database.db.select().from(sessions)).length;
    const before = await count();
    const res = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(res.statusCode).toBe(204);
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(res.cookies.find((c) => c.name === 'session' && c.value)).toBeUndefined();
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(xsrf?.sameSite).toBe('Lax');
    expect(xsrf?.path).toBe('/');
    // a guest costs no database row, however many come (issue 11 item 13)
    for (let i = 0; i < 200; i += 50)
      await Promise.all(
        Array.from({ length: 50 }, () => t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' })),
      );
    expect(await count()).toBe(before);
  });

  it("a guest's signed token passes the CSRF check only as its own cookie's copy", async () => {
    const user = await t.make.user();
    const a = t.agent();
    await a.get('/sanctum/csrf-cookie');
    const token = a.xsrf()!;
    const body = { email: user.email, password: 'Wrong-pass1' };
    const send = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: body, headers });
    // forged: a token of the right shape with a wrong signature, sent as cookie and header
    const forged = token.replace(/\.[0-9a-f]+$/, `.${'0'.repeat(64)}`);
    expect((await send({ cookie: `XSRF-TOKEN=${forged}`, 'x-xsrf-token': forged })).statusCode).toBe(419);
    // the genuine token without its cookie, or with another guest's cookie
    expect((await send({ 'x-xsrf-token': token })).statusCode).toBe(419);
    const other = t.agent();
    await other.get('/sanctum/csrf-cookie');
    expect((await send({ cookie: `XSRF-TOKEN=${other.xsrf()}`, 'x-xsrf-token': token })).statusCode).toBe(
      419,
    );
    // the genuine pair reaches the login (422: wrong password) and the right password logs in
    expect((await send({ cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token })).statusCode).toBe(422);
    expect((await a.post('/api/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(a.cookie('session')).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('uses __Host- cookies with Secure in production behind https', async () => {
    const prod = await buildTestApp({ env: 'production', appUrl: 'https://learn.example.ch' });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
      const names = res.cookies.filter((c) => c.value).map((c) => c.name);
      expect(names).toEqual(['__Host-XSRF-TOKEN']);
      for (const c of res.cookies) {
        expect(c.secure).toBe(true);
        expect(c.path).toBe('/');
        expect(c.domain).toBeUndefined();
      }
      const hsts = await prod.app.inject({ method: 'GET', url: '/api/health' });
      expect(hsts.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await prod.close();
    }
  }, 180_000);

  it("marks a guest session's XSRF token (csrf-cookie, logout), not a user's", async () => {
    const user = await t.make.user();
    const a = t.agent();
    await a.get('/sanctum/csrf-cookie');
    expect(a.cookie('XSRF-TOKEN')).toMatch(/^g\./);
    expect((await a.post('/api/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(a.cookie('XSRF-TOKEN')).not.toMatch(/^g\./);
    expect((await a.post('/api/logout')).statusCode).toBe(204);
    expect(a.cookie('XSRF-TOKEN')).toMatch(/^g\./);
  });

  it('login gives a new session id; the pre-login id is gone (no fixation)', async () => {
    const user = await t.make.user();
    // a session that exists before the login (an earlier login of this browser)
    const a = await t.loginAs(user.email);
    const before = a.cookie('session')!;
    const res = await a.post('/api/login', { email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const after = a.cookie('session')!;
    expect(after).not.toBe(before);
    const rows = await t.app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sha256Hex(before)));
    expect(rows).toHaveLength(0);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: `session=${before}` },
    });
    expect(old.statusCode).toBe(401);
    expect((await a.get('/api/user')).statusCode).toBe(200);
  });

  it('rotates the XSRF token at login, register and logout; the old token then gets 419', async () => {
    const user = await t.make.user();
    const a = t.agent();
    await a.get('/sanctum/csrf-cookie');
    const t0 = a.xsrf()!;
    await a.post('/api/login', { email: user.email, password: TEST_PASSWORD });
    const t1 = a.xsrf()!;
    expect(t1).not.toBe(t0);
    const stale = await a.post('/api/user/password', {}, { headers: { 'x-xsrf-token': t0 } });
    expect(stale.statusCode).toBe(419);
    const out = await a.post('/api/logout');
    expect(out.statusCode).toBe(204);
    const t2 = a.xsrf()!;
    expect(t2).not.toBe(t1);
    expect((await a.post('/api/logout', undefined, { headers: { 'x-xsrf-token': t1 } })).statusCode).toBe(
      419,
    );
    const reg = await a.post('/api/register', {
      username: `rot${Date.now()}`,
      email: `rot${Date.now()}@example.test`,
      first_name: 'R',
      last_name: 'T',
      password: 'Abcdefgh1',
      password_confirmation: 'Abcdefgh1',
    });
    expect(reg.statusCode).toBe(201);
    expect(a.xsrf()).not.toBe(t2);
    expect((await a.post('/api/logout', undefined, { headers: { 'x-xsrf-token': t2 } })).statusCode).toBe(
      419,
    );
  });

  it('refuses state changes without the right X-XSRF-TOKEN header (419) and changes nothing', async () => {
    const user = await t.make.user();
    const a = await t.loginAs(user.email);
    const other = t.agent();
    await other.get('/sanctum/csrf-cookie');
    const body = {
      current_password: TEST_PASSWORD,
      password: 'Changed-Pass1',
      password_confirmation: 'Changed-Pass1',
    };
    const variants: Record<string, string>[] = [
      {},
      { 'x-xsrf-token': 'random-value-random-value-random-value' },
      { 'x-xsrf-token': other.xsrf()! },
      { 'x-csrf-token': a.xsrf()! },
    ];
    for (const headers of variants) {
      const res = await a.request({
        method: 'POST',
        url: '/api/user/password',
        payload: body,
        headers,
        csrf: false,
      });
      expect(res.statusCode).toBe(419);
      expect(res.json().code).toBe('csrf_mismatch');
    }
    const inBody = await a.request({
      method: 'POST',
      url: `/api/user/password?_csrf=${a.xsrf()}`,
      payload: { ...body, _csrf: a.xsrf() },
      csrf: false,
    });
    expect(inBody.statusCode).toBe(419);
    // the password is unchanged: the old one still logs in
    await t.loginAs(user.email, TEST_PASSWORD);
  });

  it('logout ends only that session, deletes its row and sends Clear-Site-Data', async () => {
    const user = await t.make.user();
    const c1 = await t.loginAs(user.email);
    const c2 = await t.loginAs(user.email);
    const sid = c1.cookie('session')!;
    const res = await c1.post('/api/logout');
    expect(res.statusCode).toBe(204);
    expect(res.headers['clear-site-data']).toBe('"storage"');
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: `session=${sid}` },
    });
    expect(replay.statusCode).toBe(401);
    expect(
      await t.app.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sha256Hex(sid))),
    ).toHaveLength(0);
    expect((await c2.get('/api/user')).statusCode).toBe(200);
  });

  it('expires a session after the idle time and after the absolute time', async () => {
    const user = await t.make.user();
    const a = await t.loginAs(user.email);
    clock.t += 119 * 60_000;
    expect((await a.get('/api/user')).statusCode).toBe(200);
    // activity extended it: another 119 minutes later it is still alive
    clock.t += 119 * 60_000;
    expect((await a.get('/api/user')).statusCode).toBe(200);
    clock.t += 121 * 60_000;
    expect((await a.get('/api/user')).statusCode).toBe(401);

    const b = await t.loginAs(user.email);
    // constant activity cannot outlive the absolute limit of 12 hours
    for (let i = 0; i < 12; i++) {
      clock.t += 60 * 60_000;
      expect((await b.get('/api/user')).statusCode).toBe(200);
    }
    clock.t += 1000;
    expect((await b.get('/api/user')).statusCode).toBe(401);
  });

  it('a disabled user is logged out on the next request', async () => {
    const user = await t.make.user();
    const a = await t.loginAs(user.email);
    const { usersRepository } = await import('../users/users.repository.ts');
    await usersRepository.update(t.app.database.db, user.id, { disabledAt: new Date() });
    expect((await a.get('/api/user')).statusCode).toBe(401);
  });
});
