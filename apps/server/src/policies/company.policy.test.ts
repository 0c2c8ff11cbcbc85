import { describe, expect, it } from 'vitest';
import { companyPolicy } from './company.policy.ts';

type Scope = 'admin' | 'trainer' | 'corporateTraining';
const actor = (id: number, scopes: Scope[] = [], companies: [number, boolean][] = []) => ({
  id,
  scopes,
  companies: companies.map(([c, manager]) => ({ id: c, name: `c${c}`, shortName: `c${c}`, manager })),
});

const admin = actor(1, ['admin']);
const manager7 = actor(2, ['corporateTraining'], [[7, true]]);
const managerWithoutScope = actor(3, [], [[7, true]]);
const trainingMember7 = actor(4, ['corporateTraining'], [[7, false]]);
const employee7 = actor(5, [], [[7, false]]);
const manager8 = actor(6, ['corporateTraining'], [[8, true]]);
const student = actor(7);

describe('companyPolicy', () => {
  it.each([
    // actor, seesEvery, member of 7, manage 7, managedIds, managesAny
    ['admin', admin, true, true, true, null, true],
    ['manager of 7', manager7, false, true, true, [7], true],
    ['manager of 7 without the corporateTraining scope', managerWithoutScope, false, true, false, [], false],
    ['corporateTraining member of 7 (no manager)', trainingMember7, false, true, false, [], false],
    ['employee of 7', employee7, false, true, false, [], false],
    ['manager of 8', manager8, false, false, false, [8], true],
    ['student', student, false, false, false, [], false],
  ] as const)('%s', (_n, a, seesEvery, member7, manage7, managedIds, managesAny) => {
    expect(companyPolicy.seesEvery(a)).toBe(seesEvery);
    expect(companyPolicy.member(a, 7)).toBe(member7);
    expect(companyPolicy.manage(a, 7)).toBe(manage7);
    expect(companyPolicy.managedIds(a)).toEqual(managedIds);
    expect(companyPolicy.managesAny(a)).toBe(managesAny);
  });

  it.each([
    // actor, managing the seminar, not managing it
    // an admin manages every seminar; asked without that, they see no company's side (403)
    ['admin', admin, null, []],
    ['manager of 7', manager7, null, [7]],
    ['employee of 7', employee7, null, []],
    ['student', student, null, []],
  ] as const)(
    "a seminar's companies for %s: all when managing it, else the managed ones",
    (_n, a, manages, not) => {
      expect(companyPolicy.seminarCompanies(a, true)).toEqual(manages);
      expect(companyPolicy.seminarCompanies(a, false)).toEqual(not);
    },
  );

  it.each([
    // seminar, company 7 books it, company 8 books it
    ['public', { isPublic: true, isCompany: false, companyId: null }, true, true],
    ['private', { isPublic: false, isCompany: false, companyId: null }, false, false],
    ["company 7's", { isPublic: false, isCompany: true, companyId: 7 }, true, false],
    ["company 7's, public", { isPublic: true, isCompany: true, companyId: 7 }, true, false],
  ] as const)('a %s seminar: booked by company 7 / company 8', (_n, seminar, by7, by8) => {
    expect(companyPolicy.books(seminar, 7)).toBe(by7);
    expect(companyPolicy.books(seminar, 8)).toBe(by8);
  });

  it.each([
    // actor, grant, seminar asked for, allowed
    [
      'manager of 7, company grant of 7',
      manager7,
      { source: 'company', companyId: 7, seminarId: 1 },
      1,
      true,
    ],
    ['admin, company grant of 7', admin, { source: 'company', companyId: 7, seminarId: 1 }, 1, true],
    ['manager of 7, another seminar', manager7, { source: 'company', companyId: 7, seminarId: 1 }, 2, false],
    [
      'manager of 8, company grant of 7',
      manager8,
      { source: 'company', companyId: 7, seminarId: 1 },
      1,
      false,
    ],
    [
      'employee of 7, company grant of 7',
      employee7,
      { source: 'company', companyId: 7, seminarId: 1 },
      1,
      false,
    ],
    ['manager of 7, a purchase', manager7, { source: 'purchase', companyId: null, seminarId: 1 }, 1, false],
    ['admin, a free grant', admin, { source: 'free', companyId: null, seminarId: 1 }, 1, false],
  ] as const)('access link: %s', (_n, a, grant, seminarId, allowed) => {
    expect(companyPolicy.makeAccessLink(a, grant, seminarId)).toBe(allowed);
  });

  it.each([
    // actor, the address of company 7, of company 8 (issue 38: its invoices' buyer address)
    ['admin', admin, true, true],
    ['manager of 7', manager7, true, false],
    ['manager of 7 without the corporateTraining scope', managerWithoutScope, false, false],
    ['corporateTraining member of 7 (no manager)', trainingMember7, false, false],
    ['employee of 7', employee7, false, false],
    ['manager of 8', manager8, false, true],
    ['student', student, false, false],
  ] as const)("the company's postal address: %s", (_n, a, of7, of8) => {
    expect(companyPolicy.address(a, 7)).toBe(of7);
    expect(companyPolicy.address(a, 8)).toBe(of8);
  });

  it('a member invitation is accepted with the invited address only', () => {
    expect(companyPolicy.acceptInvitation({ email: 'a@example.com' }, { email: 'a@example.com' })).toBe(true);
    expect(companyPolicy.acceptInvitation({ email: 'b@example.com' }, { email: 'a@example.com' })).toBe(
      false,
    );
  });
});
