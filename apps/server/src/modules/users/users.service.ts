import type { DbOrTx } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { userPolicy } from '../../policies/user.policy.ts';
import { type NewUserRow, usersRepository as repo, type UserRow } from './users.repository.ts';

export type { Membership, NewUserRow, UserFilter, UserRow } from './users.repository.ts';

/** the fields of the users table a person changes on their profile page */
export interface ProfileChange {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  avatarPath: string | null;
}

/**
 * The last-admin rule, applied here only: a change that leaves the account without active admin
 * rights is refused when it is the only active admin (userPolicy.leavesNoAdmin decides). The
 * active admins are locked until `db`'s transaction ends, so that two changes at once cannot each
 * leave the other admin alone. @throws admin.last_admin (409)
 */
async function refuseLastAdmin(db: DbOrTx, userId: number, staysAdmin: boolean): Promise<void> {
  const admins = await repo.lockActiveAdmins(db);
  if (userPolicy.leavesNoAdmin(admins, userId, staysAdmin))
    throw conflict('admin.last_admin', 'admin.last_admin');
}

/** the row before a change in the caller's transaction. @throws not_found (404) */
async function existing(db: DbOrTx, id: number): Promise<UserRow> {
  const row = await repo.findById(db, id);
  if (!row) throw notFound();
  return row;
}

/**
 * The users module's use cases: every write to the users table goes through here (the seed may
 * insert through the repository; users.ownership.test.ts holds the rule). Each takes the database
 * or the caller's transaction first, so that a change and its audit entry commit together. The
 * reads are the repository's, under the same names.
 */
export const usersService = {
  findById: repo.findById,
  findByEmail: repo.findByEmail,
  findByUsername: repo.findByUsername,
  usernameTaken: repo.usernameTaken,
  emailTaken: repo.emailTaken,
  listWithMemberships: repo.listWithMemberships,
  findWithMemberships: repo.findWithMemberships,
  companiesOf: repo.companiesOf,

  /** a new account (a registration, the command line) */
  create: (db: DbOrTx, values: NewUserRow): Promise<UserRow> => repo.insert(db, values),

  /** a new password hash (a login rehash, a reset, a change) */
  setPassword: (db: DbOrTx, id: number, passwordHash: string) => repo.update(db, id, { passwordHash }),

  /** the address was verified at `at` */
  markVerified: (db: DbOrTx, id: number, at: Date) => repo.update(db, id, { emailVerifiedAt: at }),

  /** the person's own profile; a new address is unverified again */
  updateProfile: (db: DbOrTx, current: UserRow, change: ProfileChange) =>
    repo.update(db, current.id, {
      ...change,
      ...(change.email !== current.email ? { emailVerifiedAt: null } : {}),
    }),

  /**
   * An admin sets the account's scopes (already normalised). Returns the row before the change.
   * @throws not_found (404), admin.last_admin (409) when no active admin would remain
   */
  async changeScopes(tx: DbOrTx, id: number, scopes: string[]): Promise<UserRow> {
    await refuseLastAdmin(tx, id, userPolicy.isActiveAdmin({ scopes }));
    const before = await existing(tx, id);
    await repo.update(tx, id, { scopes });
    return before;
  },

  /**
   * An admin disables (since `at`, or since earlier when it already was) or enables the account.
   * Returns the row before the change. @throws not_found (404), admin.last_admin (409)
   */
  async setDisabled(tx: DbOrTx, id: number, disabled: boolean, at: Date): Promise<UserRow> {
    await refuseLastAdmin(tx, id, !disabled);
    const before = await existing(tx, id);
    await repo.update(tx, id, { disabledAt: disabled ? (before.disabledAt ?? at) : null });
    return before;
  },

  /** @throws admin.last_admin (409) when the account is the only active admin (its deletion) */
  refuseLastAdmin: (db: DbOrTx, userId: number) => refuseLastAdmin(db, userId, false),

  /** the erasure of an account: the row stays (others point to it), every personal field goes */
  erase: (db: DbOrTx, id: number, at: Date) =>
    repo.update(db, id, {
      username: `deleted-${id}`,
      email: `deleted-${id}@deleted.invalid`,
      firstName: '',
      lastName: '',
      // no password verifies against this (not a hash): nobody logs in again
      passwordHash: '!erased',
      scopes: [],
      avatarPath: null,
      emailVerifiedAt: null,
      disabledAt: at,
    }),
};

export type UsersService = typeof usersService;
