import type { Scope } from '@elearn/shared';

/** What the account rules need to know about a person (a user row or a session's user). */
interface Account {
  id: number;
  scopes: readonly string[];
  disabledAt?: Date | null;
}

const has = (u: Pick<Account, 'scopes'>, scope: Scope) => u.scopes.includes(scope);

/**
 * Rules about accounts themselves, as pure functions: which roles an account may take on (owner
 * of seminars, company manager, public trainer profile) and the last-admin rule (the platform
 * always keeps one active admin). The services load the facts, these functions decide.
 */
export const userPolicy = {
  /** trainers and admins own seminars (a seminar handed over must go to one of them) */
  mayOwnSeminars: (u: Pick<Account, 'scopes'>) => has(u, 'trainer') || has(u, 'admin'),
  /** a company names as manager only a corporateTraining account */
  mayManageCompanies: (u: Pick<Account, 'scopes'>) => has(u, 'corporateTraining'),
  /** only trainers have a public profile (an admin who is no trainer has none) */
  hasPublicProfile: (u: Pick<Account, 'scopes' | 'disabledAt'>) => !u.disabledAt && has(u, 'trainer'),
  /** an enabled admin: one of those the last-admin rule counts */
  isActiveAdmin: (u: Pick<Account, 'scopes' | 'disabledAt'>) => !u.disabledAt && has(u, 'admin'),
  /**
   * The last-admin rule: a change that leaves the account without active admin rights (scopes
   * without admin, disabled, deleted) is refused when it is the only active admin.
   * `activeAdminIds` are read (and locked) by the caller in the same transaction.
   */
  leavesNoAdmin: (activeAdminIds: readonly number[], userId: number, staysAdmin: boolean) =>
    !staysAdmin && activeAdminIds.includes(userId) && activeAdminIds.length <= 1,
};
