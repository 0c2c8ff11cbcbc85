import { describe, expect, it } from 'vitest';
import { userPolicy } from './user.policy.ts';

const account = (scopes: string[], disabled = false) => ({
  id: 1,
  scopes,
  disabledAt: disabled ? new Date('2026-11-01T00:00:00Z') : null,
});

describe('userPolicy', () => {
  it.each([
    // scopes, disabled, mayOwnSeminars, mayManageCompanies, hasPublicProfile, isActiveAdmin
    [[], false, false, false, false, false],
    [['trainer'], false, true, false, true, false],
    [['trainer'], true, true, false, false, false],
    [['admin'], false, true, false, false, true],
    [['admin'], true, true, false, false, false],
    [['corporateTraining'], false, false, true, false, false],
    [['admin', 'trainer', 'corporateTraining'], false, true, true, true, true],
  ])('%j (disabled %s)', (scopes, disabled, owns, manages, profile, activeAdmin) => {
    const u = account(scopes, disabled);
    expect(userPolicy.mayOwnSeminars(u)).toBe(owns);
    expect(userPolicy.mayManageCompanies(u)).toBe(manages);
    expect(userPolicy.hasPublicProfile(u)).toBe(profile);
    expect(userPolicy.isActiveAdmin(u)).toBe(activeAdmin);
  });

  it.each([
    // active admins, user, stays admin, refused
    [[1], 1, false, true],
    [[1], 1, true, false],
    [[1, 2], 1, false, false],
    [[2], 1, false, false],
    [[], 1, false, false],
  ])('last-admin rule: admins %j, user %i stays admin %s -> refused %s', (admins, id, stays, refused) => {
    expect(userPolicy.leavesNoAdmin(admins, id, stays)).toBe(refused);
  });
});
