import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyMemberInvitations, users } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { startSmtp } from '../../test/smtp.ts';

/**
 * Members by e-mail (issue 11 item 18): the manager's answer is the same for every address, the
 * address's holder gets an invitation and joins only by accepting it, logged in with that address.
 */
describe('inviting members by e-mail', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let clock = Date.now();
  let company: { id: number; shortName: string };
  let manager: Agent;
  let otherManager: Agent;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp({ smtpUrl: smtp.url, rateLimitFactor: 1 }, { now: () => clock });
    company = await t.make.company('Gamma AG');
    const other = await t.make.company('Delta AG');
    const m = await t.make.user({ scopes: ['corporateTraining'], username: 'gamma_manager' });
    await t.make.member(company.id, m.id, true);
    manager = await t.loginAs(m.email);
    const om = await t.make.user({ scopes: ['corporateTraining'] });
    await t.make.member(other.id, om.id, true);
    otherManager = await t.loginAs(om.email);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const invite = (email: string, agent = manager) =>
    agent.post(`/api/companies/${company.id}/members`, { email });
  const tokenOf = async (email: string) => {
    const mail = await smtp.waitFor(email);
    const link = mail.links.find((l) => l.includes('/company/join/'));
    expect(link).toBeDefined();
    return new URL(link!).pathname.split('/').pop()!;
  };
  const members = async () =>
    ((await manager.get(`/api/companies/${company.id}/users`)).json().data as { email: string }[]).map(
      (m) => m.email,
    );

  it('answers alike for an account, an unverified account, a disabled one and no account; nobody joins yet', async () => {
    const known = await t.make.user();
    const unverified = await t.make.user({ verified: false });
    const disabled = await t.make.user({ disabled: true });
    const answers = [];
    for (const email of [known.email, unverified.email, disabled.email, 'nobody-here@example.test']) {
      const res = await invite(email);
      answers.push({ status: res.statusCode, body: JSON.stringify(res.json()).replace(email, '<email>') });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({
      status: 202,
      body: JSON.stringify({
        message:
          'Wir haben eine Einladung an <email> gesendet. Die Person gehört zur Firma, sobald sie die Einladung annimmt.',
      }),
    });
    await t.app.afterResponse.flush();
    // every address gets the same mail, and nobody is a member before accepting
    for (const email of [known.email, unverified.email, disabled.email, 'nobody-here@example.test']) {
      const mail = await smtp.waitFor(email);
      expect(mail.subject).toBe('Einladung zu Gamma AG');
      expect(mail.links.some((l) => /\/company\/join\/[A-Za-z0-9_-]{43}$/.test(l))).toBe(true);
    }
    expect(await members()).not.toContain(known.email);
    const listed = (await manager.get(`/api/companies/${company.id}/member-invitations`)).json();
    expect(listed.map((i: { email: string }) => i.email)).toEqual(
      expect.arrayContaining([known.email, unverified.email, 'nobody-here@example.test']),
    );
  });

  it('the holder of the address accepts, logged in and verified; nobody else can', async () => {
    const person = await t.make.user({ locale: 'de' });
    expect((await invite(person.email)).statusCode).toBe(202);
    const token = await tokenOf(person.email);

    // the link tells a guest which company and which address
    const info = await t.agent().get(`/api/companies/member-invitations/${token}`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ company: { name: 'Gamma AG' }, email: person.email });

    expect((await t.agent().post(`/api/companies/member-invitations/${token}/accept`)).statusCode).toBe(401);
    const stranger = await t.loginAs((await t.make.user()).email);
    const refused = await stranger.post(`/api/companies/member-invitations/${token}/accept`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('company.invitation_other_address');
    expect(await members()).not.toContain(person.email);

    const agent = await t.loginAs(person.email);
    const accepted = await agent.post(`/api/companies/member-invitations/${token}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      message: 'Sie gehören jetzt zu Gamma AG.',
      company: { id: company.id, name: 'Gamma AG' },
    });
    expect(await members()).toContain(person.email);
    expect((await agent.get('/api/companies')).json()).toMatchObject([{ id: company.id, manager: false }]);
    // used up: the link is gone, the invitation no longer listed
    expect((await agent.post(`/api/companies/member-invitations/${token}/accept`)).statusCode).toBe(404);
    const listed = (await manager.get(`/api/companies/${company.id}/member-invitations`)).json();
    expect(listed.map((i: { email: string }) => i.email)).not.toContain(person.email);
    // a member now: inviting again is a conflict (the manager sees the member anyway)
    const again = await invite(person.email);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('company.already_member');
  });

  it('an unverified holder must verify first; an unknown address registers, verifies, then accepts', async () => {
    const email = `later-${Date.now().toString(36)}@example.test`;
    expect((await invite(email)).statusCode).toBe(202);
    const token = await tokenOf(email);
    const person = await t.make.user({ email, verified: false });
    const agent = await t.loginAs(person.email);
    const early = await agent.post(`/api/companies/member-invitations/${token}/accept`);
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('auth.unverified');
    await t.app.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, person.id));
    const fresh = await t.loginAs(person.email);
    expect((await fresh.post(`/api/companies/member-invitations/${token}/accept`)).statusCode).toBe(200);
    expect(await members()).toContain(email);
  });

  it('revokes, renews and expires invitations; foreign managers and bad input are refused', async () => {
    const email = `revoke-${Date.now().toString(36)}@example.test`;
    await invite(email);
    const first = await tokenOf(email);
    const [row] = await t.app.database.db
      .select()
      .from(companyMemberInvitations)
      .where(eq(companyMemberInvitations.email, email));
    expect(row!.tokenHash).not.toContain(first);

    // another company's manager sees and touches nothing
    expect((await invite(email, otherManager)).statusCode).toBe(403);
    expect((await otherManager.get(`/api/companies/${company.id}/member-invitations`)).statusCode).toBe(403);
    expect(
      (await otherManager.delete(`/api/companies/${company.id}/member-invitations/${row!.id}`)).statusCode,
    ).toBe(403);
    expect((await invite('not-an-email')).statusCode).toBe(422);

    // sending again renews: the first link ends, one row stays
    await t.app.afterResponse.flush();
    const before = smtp.mailsTo(email).length;
    await invite(email);
    await t.app.afterResponse.flush();
    await expect.poll(() => smtp.mailsTo(email).length).toBe(before + 1);
    const second = new URL(
      smtp
        .mailsTo(email)
        .at(-1)!
        .links.find((l) => l.includes('/company/join/'))!,
    ).pathname
      .split('/')
      .pop()!;
    expect(second).not.toBe(first);
    expect((await t.agent().get(`/api/companies/member-invitations/${first}`)).statusCode).toBe(404);
    const rows = await t.app.database.db
      .select()
      .from(companyMemberInvitations)
      .where(eq(companyMemberInvitations.email, email));
    expect(rows).toHaveLength(1);

    // expired after 14 days
    clock += 15 * 86_400_000;
    try {
      const expired = await t.agent().get(`/api/companies/member-invitations/${second}`);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().code).toBe('invitation.expired');
    } finally {
      clock -= 15 * 86_400_000;
    }

    // revoked: the link ends
    expect(
      (await manager.delete(`/api/companies/${company.id}/member-invitations/${rows[0]!.id}`)).statusCode,
    ).toBe(204);
    expect((await t.agent().get(`/api/companies/member-invitations/${second}`)).statusCode).toBe(404);
    expect(
      (await manager.delete(`/api/companies/${company.id}/member-invitations/${rows[0]!.id}`)).statusCode,
    ).toBe(404);
  });
});
