import { describe, expect, it } from 'vitest';
import { seminarPolicy } from './seminar.policy.ts';

const actor = (
  id: number,
  scopes: ('admin' | 'trainer' | 'corporateTraining')[] = [],
  companies: number[] = [],
) => ({
  id,
  scopes,
  companies: companies.map((c) => ({ id: c, name: `c${c}`, shortName: `c${c}`, manager: false })),
});
const pub = { ownerId: 1, isPublic: true, isCompany: false, companyId: null };
const priv = { ownerId: 1, isPublic: false, isCompany: false, companyId: null };
const company = { ownerId: 1, isPublic: false, isCompany: true, companyId: 7 };

describe('seminarPolicy', () => {
  const owner = actor(1, ['trainer']);
  const other = actor(2, ['trainer']);
  const admin = actor(3, ['admin']);
  const student = actor(4);
  const employee = actor(5, [], [7]);
  const stranger = actor(6, [], [8]);

  it.each([
    ['guest', null, [true, false, false], [false, false, false]],
    ['owner', owner, [true, true, true], [true, true, true]],
    ['other trainer', other, [true, false, false], [false, false, false]],
    ['admin', admin, [true, true, true], [true, true, true]],
    ['student', student, [true, false, false], [false, false, false]],
    ['employee of the company', employee, [true, false, true], [false, false, false]],
    ['employee of another company', stranger, [true, false, false], [false, false, false]],
  ] as const)('%s: view public/private/company, manage public/private/company', (_n, a, view, manage) => {
    expect([
      seminarPolicy.view(a, pub, false),
      seminarPolicy.view(a, priv, false),
      seminarPolicy.view(a, company, false),
    ]).toEqual(view);
    expect([
      seminarPolicy.manage(a, pub),
      seminarPolicy.manage(a, priv),
      seminarPolicy.manage(a, company),
    ]).toEqual(manage);
  });

  it('a booking makes a private seminar visible and playable', () => {
    expect(seminarPolicy.view(student, priv, true)).toBe(true);
    expect(seminarPolicy.play(student, priv, true)).toBe(true);
    expect(seminarPolicy.play(student, pub, false)).toBe(false);
  });

  it('free booking: logged-in non-owners of public, non-company seminars not booked yet', () => {
    expect(seminarPolicy.bookFree(student, pub, false)).toBe(true);
    expect(seminarPolicy.bookFree(student, pub, true)).toBe(false);
    expect(seminarPolicy.bookFree(null, pub, false)).toBe(false);
    expect(seminarPolicy.bookFree(owner, pub, false)).toBe(false);
    expect(seminarPolicy.bookFree(student, priv, false)).toBe(false);
    expect(seminarPolicy.bookFree(employee, company, false)).toBe(false);
  });

  it('only admins manage every seminar without being asked about one (checks the database makes)', () => {
    expect([null, owner, other, admin, student, employee].map((a) => seminarPolicy.managesEvery(a))).toEqual([
      false,
      false,
      false,
      true,
      false,
      false,
    ]);
  });

  it('only trainers and admins create', () => {
    expect([owner, admin, student, employee, null].map((a) => seminarPolicy.create(a))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
