import type { Scope } from '@elearn/shared';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords.ts';
import { companiesRepository } from '../modules/companies/companies.repository.ts';
import { usersRepository } from '../modules/users/users.repository.ts';
import type { Db } from './client.ts';
import { users } from './schema/index.ts';

export const DEMO_PASSWORD = 'Demo-Passwort1';

export interface DemoLogin {
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
    role: 'admin',
    username: 'admin',
    email: 'admin@example.com',
    first: 'Anna',
    last: 'Admin',
    scopes: ['admin'],
  },
  {
    role: 'trainer',
    username: 'trainer',
    email: 'trainer@example.com',
    first: 'Thomas',
    last: 'Trainer',
    scopes: ['trainer'],
  },
  {
    role: 'corporateTraining',
    username: 'firma',
    email: 'firma@example.com',
    first: 'Claudia',
    last: 'Corporate',
    scopes: ['corporateTraining'],
    company: { shortName: 'muster', manager: true },
  },
  {
    role: 'company employee',
    username: 'mitarbeiter',
    email: 'mitarbeiter@example.com',
    first: 'Max',
    last: 'Mitarbeiter',
    scopes: [],
    company: { shortName: 'muster', manager: false },
  },
  {
    role: 'student',
    username: 'student',
    email: 'student@example.com',
    first: 'Sara',
    last: 'Studentin',
    scopes: [],
  },
  {
    role: 'student',
    username: 'student2',
    email: 'student2@example.com',
    first: 'Stefan',
    last: 'Student',
    scopes: [],
  },
];

/**
 * Creates the demo content (DESIGN section 3). With `onlyIfEmpty` it does nothing when any user
 * exists and returns null; otherwise it returns the logins to print.
 */
export async function seedDemoData(db: Db, opts: { onlyIfEmpty: boolean }): Promise<DemoLogin[] | null> {
  if (opts.onlyIfEmpty) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
    if ((row?.n ?? 0) > 0) return null;
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const company =
    (await companiesRepository.findByShortName(db, 'muster')) ??
    (await companiesRepository.insert(db, { name: 'Muster AG', shortName: 'muster' }));
  const logins: DemoLogin[] = [];
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
    logins.push({ role: u.role, email: u.email, password: DEMO_PASSWORD });
  }
  return logins;
}
