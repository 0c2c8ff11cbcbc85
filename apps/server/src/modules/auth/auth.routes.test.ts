import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { buildTestApp, multipart, TEST_PASSWORD, type TestApp } from '../../test/build-test-app.ts';
import { drainJobs } from '../../test/jobs.ts';
import { startSmtp } from '../../test/smtp.ts';

const clock = { t: Date.now() };
// a 1×1 PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let seq = 0;
let ipSeq = 0;
const nextIp = () => ({ remoteAddress: `10.8.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` });
const newUser = (over: Record<string, unknown> = {}) => {
  seq++;
  const id = `${Date.now().toString(36)}${seq}`;
  return {
    username: `neu${id}`,
    email: `neu${id}@example.test`,
    first_name: 'Nina',
    last_name: 'Neu',
    password: 'Geheim-123',
    password_confirmation: 'Geheim-123',
    ...over,
  };
};

describe('accounts: register, verify, login, reset, profile (spec section 7 "Auth and user")', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp({ smtpUrl: smtp.url }, { now: () => clock.t });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  describe('register', () => {
    it('creates an unverified user with an argon2id hash and mails a signed verification link', async () => {
      const body = newUser();
      const res = await t.agent().post('/api/register/', body, nextIp());
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toMatch(/Registrierung erfolgreich/);
      const [row] = await t.app.database.db.select().from(users).where(eq(users.email, body.email));
      expect(row?.emailVerifiedAt).toBeNull();
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const mail = await smtp.waitFor(body.email);
      expect(mail.subject).toContain('E-Mail-Adresse');
      const link = mail.links.find((l) => l.includes('/email/verify/'));
      expect(link).toMatch(
        /^http:\/\/localhost:3000\/email\/verify\/\d+\/[0-9a-f]{40}\?expires=\d+&signature=[0-9a-f]{64}$/,
      );
    });

    it('gives two users with the same password different hashes', async () => {
      const a = newUser();
      const b = newUser();
      await t.agent().post('/api/register', a, nextIp());
      await t.agent().post('/api/register', b, nextIp());
      const rows = await t.app.database.db.select().from(users);
      const ha = rows.find((r) => r.email === a.email)?.passwordHash;
      const hb = rows.find((r) => r.email === b.email)?.passwordHash;
      expect(ha).toBeDefined();
      expect(ha).not.toBe(hb);
    });

    it.each([
      ['invalid e-mail', { email: 'not-an-email' }, 'email', 'Bitte eine gültige E-Mail-Adresse eingeben.'],
      [
        'password without a capital letter',
        { password: 'geheim-123', password_confirmation: 'geheim-123' },
        'password',
        'Mindestens ein Grossbuchstabe benötigt',
      ],
      [
        'password of 7 characters',
        { password: 'Abcdef1', password_confirmation: 'Abcdef1' },
        'password',
        'Muss mindestens 8 Zeichen lang sein.',
      ],
      [
        'password mismatch',
        { password_confirmation: 'Other-123' },
        'password_confirmation',
        'Die Bestätigung stimmt nicht überein.',
      ],
      ['missing first name', { first_name: '' }, 'first_name', 'Dieses Feld ist erforderlich.'],
      [
        '10,000-character password',
        { password: `A${'x'.repeat(9999)}`, password_confirmation: 'x' },
        'password',
        'Darf höchstens 256 Zeichen lang sein.',
      ],
      ['unknown field', { is_admin: true }, 'is_admin', 'Dieses Feld ist nicht erlaubt.'],
    ])('rejects %s with 422 and a German field message', async (_name, over, field, message) => {
      const body = newUser(over);
      const res = await t.agent().post('/api/register', body, nextIp());
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().errors[field]).toContain(message);
      expect(
        await t.app.database.db
          .select()
          .from(users)
          .where(eq(users.email, String(body.email))),
      ).toHaveLength(0);
    });

    it('refuses a password from the top-3,000 list, whatever its case', async () => {
      const res = await t
        .agent()
        .post(
          '/api/register',
          newUser({ password: 'Password1', password_confirmation: 'Password1' }),
          nextIp(),
        );
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.password).toEqual(['Dieses Passwort ist zu häufig und leicht zu erraten.']);
    });

    it('answers in English for Accept-Language en', async () => {
      const a = t.agent();
      a.lang = 'en-GB,en;q=0.8';
      const res = await a.post(
        '/api/register',
        newUser({ password: 'lower-123', password_confirmation: 'lower-123' }),
        nextIp(),
      );
      expect(res.json().errors.password).toContain('At least one capital letter required');
      expect(res.json().message).toBe('The given data was invalid.');
    });

    it('accepts long passwords (64 and 128 characters)', async () => {
      for (const len of [64, 128]) {
        const pw = `A${'b'.repeat(len - 1)}`;
        const res = await t
          .agent()
          .post('/api/register', newUser({ password: pw, password_confirmation: pw }), nextIp());
        expect(res.statusCode).toBe(201);
      }
    });

    it('rejects a duplicate username (any case) and a duplicate e-mail', async () => {
      const first = newUser();
      expect((await t.agent().post('/api/register', first, nextIp())).statusCode).toBe(201);
      const dupName = await t
        .agent()
        .post('/api/register', newUser({ username: first.username.toUpperCase() }), nextIp());
      expect(dupName.statusCode).toBe(422);
      expect(dupName.json().errors.username).toEqual(['Dieser Benutzername ist bereits vergeben.']);
      const dupMail = await t
        .agent()
        .post('/api/register', newUser({ email: first.email.toUpperCase() }), nextIp());
      expect(dupMail.statusCode).toBe(422);
      expect(dupMail.json().errors.email).toEqual(['Diese E-Mail-Adresse ist bereits vergeben.']);
    });
  });

  it('throttles registration to 10 an hour per IP', async () => {
    const ip = { remoteAddress: '10.6.6.6' };
    const codes = [];
    for (let i = 0; i < 11; i++)
      codes.push((await t.agent().post('/api/register', newUser(), ip)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  describe('e-mail verification', () => {
    async function registered(over: Record<string, unknown> = {}) {
      const body = newUser(over);
      const res = await t.agent().post('/api/register', body, { remoteAddress: `10.7.0.${seq}` });
      expect(res.statusCode).toBe(201);
      const mail = await smtp.waitFor(body.email);
      const link = new URL(mail.links.find((l) => l.includes('/email/verify/'))!);
      return { body, link };
    }

    it('verifies through GET /email/verify/{id}/{hash} with the signed query, idempotently', async () => {
      const { body, link } = await registered();
      const res = await t.agent().get(`${link.pathname}${link.search}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Die E-Mail-Adresse wurde bestätigt.', verified: true });
      const [row] = await t.app.database.db.select().from(users).where(eq(users.email, body.email));
      expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
      const again = await t.agent().get(`/api${link.pathname}${link.search}`);
      expect(again.statusCode).toBe(200);
      expect(again.json().message).toBe('Die E-Mail-Adresse ist bereits bestätigt.');
    });

    it('an English user gets an English mail linking to /en', async () => {
      const { link } = await registered({ locale: 'en' });
      expect(link.pathname.startsWith('/en/email/verify/')).toBe(true);
      const res = await t.agent().get(`/api${link.pathname.slice(3)}${link.search}`);
      expect(res.statusCode).toBe(200);
    });

    it('refuses forged, tampered, missing and expired signatures with 403', async () => {
      const { body, link } = await registered();
      const sig = link.searchParams.get('signature')!;
      const expires = link.searchParams.get('expires')!;
      const base = link.pathname;
      const forged = `${base}?expires=${expires}&signature=${sig.replace(/.$/, sig.endsWith('0') ? '1' : '0')}`;
      const longer = `${base}?expires=${Number(expires) + 3600}&signature=${sig}`;
      const otherUser = base.replace(/\/verify\/(\d+)\//, (_, id: string) => `/verify/${Number(id) + 1}/`);
      const mangled = [
        '/email/verify/abc/xyz',
        `/email/verify/1/${'f'.repeat(40)}?expires=1&signature=${'a'.repeat(500)}`,
      ];
      for (const url of [
        forged,
        longer,
        `${base}?expires=${expires}`,
        `${otherUser}${link.search}`,
        ...mangled,
      ]) {
        const res = await t.agent().get(url);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('auth.verify_invalid');
      }
      clock.t += 61 * 60_000;
      try {
        const res = await t.agent().get(`${base}${link.search}`);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('auth.verify_expired');
      } finally {
        clock.t -= 61 * 60_000;
      }
      const [row] = await t.app.database.db.select().from(users).where(eq(users.email, body.email));
      expect(row?.emailVerifiedAt).toBeNull();
    });

    it('a browser navigating to the link gets the app page (not JSON) when the web app is served', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/email/verify/1/abc',
        headers: { accept: 'text/html' },
      });
      // no web build in API tests: the fallback answers 404 JSON instead of verifying
      expect(res.json().code).toBe('route_not_found');
    });

    it('resends the link, the same answer for unknown addresses, throttled per IP', async () => {
      const { body } = await registered();
      const before = smtp.mailsTo(body.email).length;
      const a = t.agent();
      const res = await a.post('/api/email/verification-notification', { email: body.email });
      expect(res.statusCode).toBe(202);
      await smtp.waitFor(body.email);
      await expect.poll(() => smtp.mailsTo(body.email).length).toBe(before + 1);
      const unknown = await a.post('/api/email/verification-notification', { email: 'nobody@example.test' });
      expect(unknown.statusCode).toBe(202);
      expect(unknown.json()).toEqual(res.json());
      const results = [];
      for (let i = 0; i < 7; i++) {
        results.push(
          (
            await a.post(
              '/api/email/verification-notification',
              { email: 'x@example.test' },
              { remoteAddress: '10.9.9.9' },
            )
          ).statusCode,
        );
      }
      expect(results.slice(0, 6).every((s) => s === 202)).toBe(true);
      expect(results.at(-1)).toBe(429);
    });
  });

  describe('login', () => {
    it('logs in and returns the user of GET /api/user with companies and scopes', async () => {
      const u = await t.make.user({ scopes: ['trainer'] });
      const co = await t.make.company('Firma X');
      await t.make.member(co.id, u.id);
      const a = t.agent();
      const res = await a.post('/api/login', {
        email: u.email.toUpperCase(),
        password: TEST_PASSWORD,
        remember: true,
      });
      expect(res.statusCode).toBe(200);
      const me = await a.get('/api/user');
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual({
        id: u.id,
        username: u.username,
        email: u.email,
        first_name: 'Test',
        last_name: u.lastName,
        scope: ['trainer'],
        companies: [{ id: co.id, name: 'Firma X', shortName: co.shortName }],
        email_verified_at: expect.any(String),
        avatar_url: null,
        locale: 'de',
      });
      // the login's answer adds where the web app leads the user (issue 36): a trainer goes home
      expect(res.json()).toEqual({ ...me.json(), landing: '/' });
      expect(me.json()).not.toHaveProperty('password_hash');
      // remember me: a persistent cookie
      expect(res.cookies.find((c) => c.name === 'session')?.maxAge).toBe(30 * 86400);
    });

    it('answers an unknown e-mail and a wrong password identically', async () => {
      const u = await t.make.user();
      const wrong = await t.agent().post('/api/login', { email: u.email, password: 'Wrong-pass1' });
      const unknown = await t
        .agent()
        .post('/api/login', { email: 'ghost@example.test', password: 'Wrong-pass1' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json()).toEqual({
        message: 'Diese Anmeldedaten sind ungültig.',
        code: 'auth.failed',
        errors: { email: ['Diese Anmeldedaten sind ungültig.'] },
      });
    });

    it('throttles after 5 failures per e-mail and IP: 429 even with the right password', async () => {
      const u = await t.make.user();
      const ip = { remoteAddress: '10.1.1.1' };
      for (let i = 0; i < 5; i++) {
        const r = await t.agent().post('/api/login', { email: u.email, password: 'Wrong-pass1' }, ip);
        expect(r.statusCode).toBe(422);
      }
      const sixth = await t
        .agent()
        .post('/api/login', { email: u.email.toUpperCase(), password: TEST_PASSWORD }, ip);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().code).toBe('auth.throttled');
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(60);
      // another user from the same IP and the same user from another IP are not throttled
      const bob = await t.make.user();
      expect(
        (await t.agent().post('/api/login', { email: bob.email, password: TEST_PASSWORD }, ip)).statusCode,
      ).toBe(200);
      expect(
        (
          await t
            .agent()
            .post('/api/login', { email: u.email, password: TEST_PASSWORD }, { remoteAddress: '10.1.1.2' })
        ).statusCode,
      ).toBe(200);
      // after the window a success clears the counter
      clock.t += 61_000;
      expect(
        (await t.agent().post('/api/login', { email: u.email, password: TEST_PASSWORD }, ip)).statusCode,
      ).toBe(200);
      for (let i = 0; i < 4; i++)
        await t.agent().post('/api/login', { email: u.email, password: 'Wrong-pass1' }, ip);
      expect(
        (await t.agent().post('/api/login', { email: u.email, password: TEST_PASSWORD }, ip)).statusCode,
      ).toBe(200);
    });

    it('throttles an IP after 50 failures across many e-mails', async () => {
      const ip = { remoteAddress: '10.2.2.2' };
      for (let i = 0; i < 50; i++) {
        await t.agent().post('/api/login', { email: `spray${i}@example.test`, password: 'Wrong-pass1' }, ip);
      }
      const res = await t
        .agent()
        .post('/api/login', { email: 'spray-next@example.test', password: 'Wrong-pass1' }, ip);
      expect(res.statusCode).toBe(429);
    });

    it('refuses a disabled account with 403 auth.disabled', async () => {
      const u = await t.make.user({ disabled: true });
      const res = await t.agent().post('/api/login', { email: u.email, password: TEST_PASSWORD });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('auth.disabled');
    });

    it('does not truncate passwords (a difference after character 72 counts)', async () => {
      const pw = `A${'a'.repeat(80)}`;
      const u = await t.make.user({ password: pw });
      const bad = await t.agent().post('/api/login', { email: u.email, password: `${pw.slice(0, 79)}b` });
      expect(bad.statusCode).toBe(422);
      expect((await t.agent().post('/api/login', { email: u.email, password: pw })).statusCode).toBe(200);
    });

    it('GET /api/user without a session is 401', async () => {
      const res = await t.agent().get('/api/user');
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
    });
  });

  describe('forgot and reset password', () => {
    it('answers the same for known and unknown addresses and mails a reset link to known ones', async () => {
      const u = await t.make.user();
      const known = await t
        .agent()
        .post('/api/forgot-password', { email: u.email }, { remoteAddress: '10.3.0.1' });
      const unknown = await t
        .agent()
        .post('/api/forgot-password', { email: 'nobody@x.test' }, { remoteAddress: '10.3.0.1' });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      const mail = await smtp.waitFor(u.email);
      expect(mail.links.some((l) => /\/reset-password\/[A-Za-z0-9_-]{43}\?email=/.test(l))).toBe(true);
    });

    it('answers a known address after the same database work as an unknown one: the look-up is a job', async () => {
      // an instance without workers: no job runs while the requests are counted
      const quiet = await buildTestApp({ jobWorkers: false });
      try {
        const u = await quiet.make.user();
        const work = async (email: string, ip: string) => {
          const agent = quiet.agent();
          await agent.get('/sanctum/csrf-cookie');
          const before = quiet.app.database.queryCount();
          const res = await agent.post('/api/forgot-password', { email }, { remoteAddress: ip });
          expect(res.statusCode).toBe(200);
          return quiet.app.database.queryCount() - before;
        };
        const unknown = await work('nobody-timing@x.test', '10.3.1.1');
        const known = await work(u.email, '10.3.1.2');
        expect(known).toBe(unknown);
        // both wait in the queue alike, for an instance with workers
        expect(await quiet.app.jobs.due()).toBe(2);
      } finally {
        await quiet.close();
      }
    });

    async function resetLink(email: string, ip: string) {
      await t.agent().post('/api/forgot-password', { email }, { remoteAddress: ip });
      const mail = await smtp.waitFor(email);
      const link = new URL(mail.links.find((l) => l.includes('/reset-password/'))!);
      return link.pathname.split('/').pop()!;
    }

    it('resets once, ends every session, and refuses the reused token', async () => {
      const u = await t.make.user();
      const live = await t.loginAs(u.email);
      const token = await resetLink(u.email, '10.3.0.2');
      const body = { token, email: u.email, password: 'Brand-new-1', password_confirmation: 'Brand-new-1' };
      const res = await t.agent().post('/api/reset-password', body);
      expect(res.statusCode).toBe(200);
      expect((await live.get('/api/user')).statusCode).toBe(401);
      await t.loginAs(u.email, 'Brand-new-1');
      const again = await t.agent().post('/api/reset-password', {
        ...body,
        password: 'Other-new-1',
        password_confirmation: 'Other-new-1',
      });
      expect(again.statusCode).toBe(422);
      expect(again.json().code).toBe('auth.reset_invalid');
      await t.loginAs(u.email, 'Brand-new-1');
    });

    it('refuses an expired token, a wrong token and a token for another address', async () => {
      const u = await t.make.user();
      const other = await t.make.user();
      const token = await resetLink(u.email, '10.3.0.3');
      const body = (over: object) => ({
        token,
        email: u.email,
        password: 'Brand-new-1',
        password_confirmation: 'Brand-new-1',
        ...over,
      });
      for (const over of [{ token: 'x'.repeat(43) }, { email: other.email }]) {
        const res = await t.agent().post('/api/reset-password', body(over));
        expect(res.statusCode).toBe(422);
        expect(res.json().code).toBe('auth.reset_invalid');
      }
      clock.t += 61 * 60_000;
      const expired = await t.agent().post('/api/reset-password', body({}));
      expect(expired.statusCode).toBe(422);
      expect(expired.json().code).toBe('auth.reset_invalid');
      await t.loginAs(u.email, TEST_PASSWORD);
    });

    it('sends at most one mail per address and minute, and throttles an IP after 6 requests', async () => {
      const u = await t.make.user();
      for (let i = 0; i < 3; i++)
        await t.agent().post('/api/forgot-password', { email: u.email }, { remoteAddress: '10.3.0.4' });
      await smtp.waitFor(u.email);
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.mailsTo(u.email)).toHaveLength(1);
      const codes = [];
      for (let i = 0; i < 7; i++) {
        codes.push(
          (
            await t
              .agent()
              .post('/api/forgot-password', { email: `n${i}@x.test` }, { remoteAddress: '10.3.0.5' })
          ).statusCode,
        );
      }
      expect(codes.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(codes[6]).toBe(429);
    });
  });

  describe('profile and password', () => {
    it('updates names and the avatar (multipart); the avatar is served as an image', async () => {
      const u = await t.make.user();
      const a = await t.loginAs(u.email);
      const form = multipart(
        { first_name: 'Paula', last_name: 'Profil', username: u.username, email: u.email },
        [{ field: 'avatar', filename: 'me.png', type: 'image/png', data: PNG }],
      );
      const res = await a.post('/api/user/update', form.payload, { headers: form.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ first_name: 'Paula', last_name: 'Profil' });
      const url = res.json().avatar_url as string;
      expect(url).toMatch(/^\/api\/users\/\d+\/avatar\?v=/);
      const img = await a.get(url);
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/png');
      expect(img.rawPayload.equals(PNG)).toBe(true);
      expect(img.headers['content-security-policy']).toContain('sandbox');
    });

    it('refuses a non-image avatar (by content, not name) and an oversized one, keeping the old data', async () => {
      const u = await t.make.user();
      const a = await t.loginAs(u.email);
      const fields = { first_name: 'Fake', last_name: 'Bild', username: u.username, email: u.email };
      const fake = multipart(fields, [
        {
          field: 'avatar',
          filename: 'x.png',
          type: 'image/png',
          data: Buffer.from('<script>alert(1)</script>'),
        },
      ]);
      const r1 = await a.post('/api/user/update', fake.payload, { headers: fake.headers });
      expect(r1.statusCode).toBe(422);
      expect(r1.json().errors.avatar).toEqual([
        'Bitte ein Bild im Format JPEG, PNG, GIF oder WebP hochladen.',
      ]);
      const big = multipart(fields, [
        {
          field: 'avatar',
          filename: 'big.png',
          type: 'image/png',
          data: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]),
        },
      ]);
      const r2 = await a.post('/api/user/update', big.payload, { headers: big.headers });
      expect(r2.statusCode).toBe(422);
      expect(r2.json().errors.avatar).toEqual(['Das Bild darf höchstens 2 MB gross sein.']);
      const [row] = await t.app.database.db.select().from(users).where(eq(users.id, u.id));
      expect(row?.firstName).toBe('Test');
      expect(row?.avatarPath).toBeNull();
    });

    it('refuses a username or e-mail of another user and invalid fields', async () => {
      const u = await t.make.user();
      const other = await t.make.user();
      const a = await t.loginAs(u.email);
      const form = multipart({
        first_name: 'A',
        last_name: 'B',
        username: other.username,
        email: other.email,
      });
      const res = await a.post('/api/user/update', form.payload, { headers: form.headers });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'username']);
      const bad = multipart({ first_name: '', last_name: 'B', username: 'x', email: 'nope' });
      const r2 = await a.post('/api/user/update', bad.payload, { headers: bad.headers });
      expect(r2.statusCode).toBe(422);
      expect(Object.keys(r2.json().errors).sort()).toEqual(['email', 'first_name', 'username']);
    });

    it('changes the e-mail only with the current password; the old address is told, the new one verified', async () => {
      const u = await t.make.user();
      const a = await t.loginAs(u.email);
      const email = `changed${Date.now()}@example.test`;
      const fields = { first_name: 'A', last_name: 'B', username: u.username, email };
      const send = async (extra: Record<string, string>) => {
        const form = multipart({ ...fields, ...extra });
        return a.post('/api/user/update', form.payload, { headers: form.headers });
      };
      const missing = await send({});
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors.current_password).toEqual([
        'Bitte geben Sie Ihr aktuelles Passwort ein, um die E-Mail-Adresse zu ändern.',
      ]);
      const wrong = await send({ current_password: 'Wrong-pass1' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.current_password).toEqual(['Das aktuelle Passwort ist falsch.']);
      // refused changes leave the account as it was and mail nobody
      expect((await a.get('/api/user')).json().email).toBe(u.email);
      expect(smtp.mailsTo(email)).toHaveLength(0);

      const res = await send({ current_password: TEST_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json().email).toBe(email);
      expect(res.json().email_verified_at).toBeNull();
      await smtp.waitFor(email);
      const notice = await smtp.waitFor(u.email);
      expect(notice.subject).toBe('Ihre E-Mail-Adresse wurde geändert');
      expect(notice.text).toContain(`${email.slice(0, 2)}…@example.test`);
      expect(notice.text).not.toContain(email);

      // names alone need no password
      const names = multipart({ ...fields, first_name: 'Anna' });
      const renamed = await a.post('/api/user/update', names.payload, { headers: names.headers });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().first_name).toBe('Anna');
    });

    it('changes the password only with the right current password and ends the other sessions', async () => {
      const u = await t.make.user();
      const a = await t.loginAs(u.email);
      const other = await t.loginAs(u.email);
      const wrong = await a.post('/api/user/password', {
        current_password: 'Wrong-pass1',
        password: 'Newer-pass1',
        password_confirmation: 'Newer-pass1',
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.current_password).toEqual(['Das aktuelle Passwort ist falsch.']);
      const weak = await a.post('/api/user/password', {
        current_password: TEST_PASSWORD,
        password: 'newer-pass1',
        password_confirmation: 'newer-pass1',
      });
      expect(weak.statusCode).toBe(422);
      const common = await a.post('/api/user/password', {
        current_password: TEST_PASSWORD,
        password: 'Qwerty123',
        password_confirmation: 'Qwerty123',
      });
      expect(common.json().errors.password).toEqual(['Dieses Passwort ist zu häufig und leicht zu erraten.']);
      const ok = await a.post('/api/user/password', {
        current_password: TEST_PASSWORD,
        password: 'Newer-pass1',
        password_confirmation: 'Newer-pass1',
      });
      expect(ok.statusCode).toBe(200);
      expect((await a.get('/api/user')).statusCode).toBe(200);
      expect((await other.get('/api/user')).statusCode).toBe(401);
      await t.loginAs(u.email, 'Newer-pass1');
      const stale = await t.agent().post('/api/login', { email: u.email, password: TEST_PASSWORD });
      expect(stale.statusCode).toBe(422);
    });

    it('writes mails to .eml files when no SMTP_URL is set', async () => {
      const { mkdtemp, readdir, rm } = await import('node:fs/promises');
      const os = await import('node:os');
      const dir = await mkdtemp(`${os.tmpdir()}/elearn-mail-`);
      const local = await buildTestApp({ dataDir: dir });
      try {
        const body = newUser();
        expect((await local.agent().post('/api/register', body)).statusCode).toBe(201);
        await drainJobs(local.app);
        const files = await readdir(`${dir}/mail`);
        expect(files).toHaveLength(1);
        const eml = await readFile(`${dir}/mail/${files[0]}`, 'utf8');
        expect(eml).toContain(`To: ${body.email}`);
        expect(eml).toContain('/email/verify/');
      } finally {
        await local.close();
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
});
