import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { companyFixtures } from '../../test/company-fixtures.ts';
import { seminarFixtures } from '../../test/fixtures.ts';

/**
 * Issue 11 item 9: disabling a user ends their access links, as unassigning them or removing them
 * from the company does; no new link can be made for them while they are disabled.
 */
describe('disabling a user ends their access links', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await buildTestApp();
    const a = await t.make.user({ scopes: ['admin'] });
    admin = await t.loginAs(a.email);
  });
  afterAll(() => t.close());

  async function employeeWithLink() {
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const employee = await t.make.user();
    const other = await t.make.user();
    const company = await t.make.company();
    const seminar = await seminarFixtures(t.app).seminar(trainer.id, {
      isCompany: true,
      companyId: company.id,
    });
    const cf = companyFixtures(t.app);
    const { assigned } = await cf.booking(company.id, seminar.id, [employee.id, other.id]);
    const mine = assigned.find((a) => a.userId === employee.id)!;
    const theirs = assigned.find((a) => a.userId === other.id)!;
    const link = await cf.link(mine.bookingId);
    const otherLink = await cf.link(theirs.bookingId);
    return { employee, company, seminar, mine, link, otherLink };
  }

  it('revokes their links at once (410), leaves other links alone, and stays so after enabling', async () => {
    const { employee, link, otherLink } = await employeeWithLink();
    const guest = t.agent();
    expect((await guest.get(`/api/companies/access-link/${link.token}`)).statusCode).toBe(200);

    expect((await admin.post(`/api/admin/users/${employee.id}/disable`)).statusCode).toBe(200);
    const dead = await guest.get(`/api/companies/access-link/${link.token}`);
    expect(dead.statusCode).toBe(410);
    expect(dead.json().code).toBe('access_link.revoked');
    expect((await guest.get(`/api/companies/access-link/${otherLink.token}`)).statusCode).toBe(200);

    // like an unassigned or removed member, enabling the account again does not revive the link
    expect((await admin.post(`/api/admin/users/${employee.id}/enable`)).statusCode).toBe(200);
    expect((await guest.get(`/api/companies/access-link/${link.token}`)).statusCode).toBe(410);
  });

  it('makes no new link for a disabled employee, and a link cannot outlive the disabling', async () => {
    const { employee, company, seminar, mine } = await employeeWithLink();
    const managerUser = await t.make.user({ scopes: ['corporateTraining'] });
    await t.make.member(company.id, managerUser.id, true);
    const m = await t.loginAs(managerUser.email);
    expect((await admin.post(`/api/admin/users/${employee.id}/disable`)).statusCode).toBe(200);
    const refused = await m.post('/api/companies/generate-access-link', {
      seminarId: seminar.id,
      userBookedId: mine.bookingId,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('company.user_disabled');
    // a link written while the account is disabled (e.g. by a request racing the disabling)
    const raced = await companyFixtures(t.app).link(mine.bookingId);
    expect((await t.agent().get(`/api/companies/access-link/${raced.token}`)).statusCode).toBe(410);
  });
});
