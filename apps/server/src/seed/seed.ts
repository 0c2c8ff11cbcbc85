import type { Scope } from '@elearn/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { type FileStore, localFileStore } from '../lib/file-store.ts';
import { hashPassword } from '../lib/passwords.ts';
import { companiesRepository } from '../modules/companies/companies.repository.ts';
import { usersRepository } from '../modules/users/users.repository.ts';
import { seedCompanies } from './seed-companies.ts';
import { seedMcTests } from './seed-mc-tests.ts';
import { seedProgress } from './seed-progress.ts';
import { seedSeminars } from './seed-seminars.ts';

export const DEMO_PASSWORD = 'Demo-Passwort1';

export interface DemoLogin {
  /** the role in words, German / English (printed by `npm start`) */
  role: string;
  email: string;
  password: string;
}

interface DemoUser {
  role: string;
  username: string;
  email: string;
  first: string;
  last: string;
  scopes: Scope[];
  company?: { shortName: string; manager: boolean };
}

const DEMO_USERS: DemoUser[] = [
  {
    role: 'Administration / administrator',
    username: 'admin',
    email: 'admin@example.com',
    first: 'Anna',
    last: 'Admin',
    scopes: ['admin'],
  },
  {
    role: 'Trainer / trainer',
    username: 'trainer',
    email: 'trainer@example.com',
    first: 'Thomas',
    last: 'Trainer',
    scopes: ['trainer'],
  },
  {
    role: 'Firmenverantwortliche / company manager',
    username: 'firma',
    email: 'firma@example.com',
    first: 'Claudia',
    last: 'Corporate',
    scopes: ['corporateTraining'],
    company: { shortName: 'muster', manager: true },
  },
  {
    role: 'Mitarbeitende / company employee',
    username: 'mitarbeiter',
    email: 'mitarbeiter@example.com',
    first: 'Max',
    last: 'Mitarbeiter',
    scopes: [],
    company: { shortName: 'muster', manager: false },
  },
  {
    role: 'Teilnehmende / learner',
    username: 'student',
    email: 'student@example.com',
    first: 'Sara',
    last: 'Studentin',
    scopes: [],
  },
  {
    role: 'Teilnehmende / learner',
    username: 'student2',
    email: 'student2@example.com',
    first: 'Stefan',
    last: 'Student',
    scopes: [],
  },
];

/** every demo account (role in words and e-mail), in the order `npm start` prints them */
export const DEMO_ACCOUNTS: readonly Omit<DemoLogin, 'password'>[] = DEMO_USERS.map(({ role, email }) => ({
  role,
  email,
}));

/**
 * Creates the demo content (DESIGN section 3). With `onlyIfEmpty` it does nothing when any user
 * exists and returns null; otherwise it returns the logins to print.
 */
export async function seedDemoData(
  db: Db,
  opts: {
    onlyIfEmpty: boolean;
    /** where the demo video and document are stored (a directory: the local file store there) */
    files: FileStore | string;
    currency?: string;
    sessionSecret?: string;
  },
): Promise<DemoLogin[] | null> {
  if (opts.onlyIfEmpty) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
    if ((row?.n ?? 0) > 0) return null;
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const company =
    (await companiesRepository.findByShortName(db, 'muster')) ??
    (await companiesRepository.insert(db, { name: 'Muster AG', shortName: 'muster' }));
  const logins: DemoLogin[] = [];
  const ids: Record<string, number> = {};
  for (const u of DEMO_USERS) {
    const existing = await usersRepository.findByEmail(db, u.email);
    const user =
      existing ??
      (await usersRepository.insert(db, {
        username: u.username,
        email: u.email,
        firstName: u.first,
        lastName: u.last,
        passwordHash,
        scopes: u.scopes,
        emailVerifiedAt: new Date(),
      }));
    if (u.company) await companiesRepository.addMember(db, company.id, user.id, u.company.manager);
    ids[u.username] = user.id;
    logins.push({ role: u.role, email: u.email, password: DEMO_PASSWORD });
  }
  const files = typeof opts.files === 'string' ? localFileStore(opts.files) : opts.files;
  await seedSeminars(db, ids, files, opts.currency ?? 'CHF');
  await seedMcTests(db, ids);
  await seedCompanies(db, {
    companyId: company.id,
    ids,
    currency: opts.currency ?? 'CHF',
    sessionSecret: opts.sessionSecret,
  });
  await seedProgress(db, ids);
  return logins;
}
