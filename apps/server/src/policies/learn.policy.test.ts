import { describe, expect, it } from 'vitest';
import { learnPolicy } from './learn.policy.ts';

describe('learnPolicy', () => {
  it.each([
    ['a student or company employee: only their own', { id: 4, scopes: [] }, 4],
    ['a trainer: anyone', { id: 5, scopes: ['trainer'] }, null],
    ['an admin: anyone', { id: 6, scopes: ['admin'] }, null],
    ['a company manager: anyone', { id: 7, scopes: ['corporateTraining'] }, null],
    ['no session (a webhook): anyone', null, null],
  ] as const)("%s's write changes the dashboard of", (_n, caller, user) => {
    expect(learnPolicy.dashboardChangedBy(caller)).toBe(user);
  });
});
