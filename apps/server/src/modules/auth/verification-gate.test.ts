import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { companyFixtures } from '../../test/company-fixtures.ts';
import { seminarFixtures } from '../../test/fixtures.ts';
import { startSmtp } from '../../test/smtp.ts';

/**
 * E-mail verification is enforced (issue 11 item 10): an unverified user logs in, but booking
 * (free and paid), company purchases and starting tests answer 403 `auth.unverified`, and a
 * registration through a company invitation becomes a membership only once the address is verified.
 */
describe('verified e-mail address required', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('an unverified user logs in but may not book, buy for a company or start a test', async () => {
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const fx = seminarFixtures(t.app);
    const free = await fx.seminar(trainer.id, { price: 0 });
    const priced = await fx.seminar(trainer.id, { price: 4900 });
    const company = await t.make.company();
    const unverified = await t.make.user({ verified: false, scopes: ['corporateTraining'] });
    await t.make.member(company.id, unverified.id, true);

    const a = await t.loginAs(unverified.email);
    expect((await a.get('/api/user')).json().email_verified_at).toBeNull();
    const attempts = [
      await a.post('/api/booking/free', { seminarId: free.id }),
      await a.post('/api/booking/now', { seminarId: priced.id }),
      await a.post('/api/companies/booking/free', { seminarId: free.id, companyId: company.id }),
      await a.post('/api/companies/booking/now', { seminarId: priced.id, companyId: company.id }),
      await a.post('/api/graduate/startTest', { id: 1 }),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('auth.unverified');
      expect(res.json().message).toContain('E-Mail-Adresse');
    }
    a.lang = 'en';
    expect((await a.post('/api/booking/free', { seminarId: free.id })).json().message).toContain(
      'confirm your e-mail address',
    );

    // a verified user books the same seminar
    const verified = await t.loginAs((await t.make.user()).email);
    expect((await verified.post('/api/booking/free', { seminarId: free.id })).statusCode).toBe(201);
  });

  it('a registration through a company invitation joins the company only once the address is verified', async () => {
    const company = await t.make.company('Beta AG');
    const manager = await t.make.user({ scopes: ['corporateTraining'] });
    await t.make.member(company.id, manager.id, true);
    const token = await companyFixtures(t.app).invitation(company.id);
    const email = `joiner${Date.now()}@example.test`;
    const joined = await t.agent().post('/api/companies/register', {
      token,
      username: `joiner${Date.now()}`,
      email,
      first_name: 'Jo',
      last_name: 'Iner',
      password: 'Joiner-Passw0rd!',
      password_confirmation: 'Joiner-Passw0rd!',
    });
    expect(joined.statusCode).toBe(201);

    const managerAgent = await t.loginAs(manager.email);
    const members = async () =>
      ((await managerAgent.get(`/api/companies/${company.id}/users`)).json().data as { email: string }[]).map(
        (m) => m.email,
      );
    expect(await members()).not.toContain(email);
    const joiner = await t.loginAs(email, 'Joiner-Passw0rd!');
    expect((await joiner.get('/api/companies')).json()).toEqual([]);

    const link = (await smtp.waitFor(email)).links.find((l) => l.includes('/email/verify/'))!;
    const { pathname, search } = new URL(link);
    expect((await t.agent().get(`${pathname}${search}`)).statusCode).toBeLessThan(400);
    expect(await members()).toContain(email);
    expect((await joiner.get('/api/companies')).json()).toMatchObject([{ id: company.id, manager: false }]);
  });
});
