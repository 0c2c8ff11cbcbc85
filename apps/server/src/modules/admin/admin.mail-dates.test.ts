import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { startSmtp } from '../../test/smtp.ts';

/**
 * Issue 11 item 8: the admin sends no verification or reset mail to a disabled account (409
 * `admin.user_disabled`), and filter dates that do not exist (2025-02-30) are 422, not rolled
 * over into the next month.
 */
describe('admin: mails to disabled accounts, impossible dates', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: Agent;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp({ smtpUrl: smtp.url });
    const a = await t.make.user({ scopes: ['admin'] });
    admin = await t.loginAs(a.email);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('refuses verification and reset mails to a disabled account, in both languages', async () => {
    const disabled = await t.make.user({ verified: false, disabled: true });
    const verification = await admin.post(`/api/admin/users/${disabled.id}/verification`);
    expect(verification.statusCode).toBe(409);
    expect(verification.json()).toMatchObject({ code: 'admin.user_disabled' });
    expect(verification.json().message).toContain('deaktiviert');
    admin.lang = 'en';
    const reset = await admin.post(`/api/admin/users/${disabled.id}/password-reset`);
    admin.lang = 'de';
    expect(reset.statusCode).toBe(409);
    expect(reset.json()).toEqual({
      code: 'admin.user_disabled',
      message: 'The account is disabled; no e-mail is sent to disabled accounts.',
    });
    // both mails would have been delivered before the answer; none was
    expect(smtp.mailsTo(disabled.email)).toEqual([]);
    const audit = (await admin.get('/api/admin/audit?target_type=user')).json().data as {
      action: string;
      target_id: number;
    }[];
    expect(audit.filter((e) => e.target_id === disabled.id)).toEqual([]);

    // enabled again, the same account gets its mails
    expect((await admin.post(`/api/admin/users/${disabled.id}/enable`)).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/users/${disabled.id}/password-reset`)).statusCode).toBe(202);
    await smtp.waitFor(disabled.email);
  });

  it('refuses impossible calendar days in the payment and audit filters', async () => {
    for (const route of ['/api/admin/payments', '/api/admin/audit']) {
      for (const [query, field] of [
        ['from=2025-02-30', 'from'],
        ['to=2025-04-31', 'to'],
        ['from=2025-02-29', 'from'],
        ['from=2025-13-01', 'from'],
        ['to=2025-00-10', 'to'],
      ] as const) {
        const res = await admin.get(`${route}?${query}`);
        expect(res.statusCode, `${route}?${query}`).toBe(422);
        expect(Object.keys(res.json().errors)).toEqual([field]);
      }
      expect((await admin.get(`${route}?from=2024-02-29&to=2024-12-31`)).statusCode).toBe(200);
    }
  });
});
