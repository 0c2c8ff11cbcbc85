import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Scope } from '@elearn/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { chapterFiles, chapterLinks, chapters, enrolments, seminars, users } from '../db/schema/index.ts';
import { randomToken } from '../lib/crypto.ts';
import { type FileStore, localFileStore, putFile } from '../lib/file-store.ts';
import { hashPassword } from '../lib/passwords.ts';
import { companiesRepository } from '../modules/companies/companies.repository.ts';
import { usersRepository } from '../modules/users/users.repository.ts';
import { WEB_PUBLIC } from '../paths.ts';
import { DEMO_SEMINAR_TITLES, demoSlug } from './demo-seminars.ts';
import { seedCompanies } from './seed-companies.ts';
import { seedMcTests } from './seed-mc-tests.ts';
import { seedProgress } from './seed-progress.ts';

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

const SAMPLE_VIDEO = path.join(WEB_PUBLIC, 'media', 'sample.mp4');
// a small valid one-page PDF
const DEMO_PDF = `%PDF-1.4
1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj
2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj
3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj
4 0 obj<</Length 58>>stream
BT /F1 24 Tf 72 760 Td (Projektarbeit: Checkliste) Tj ET
endstream endobj
5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj
trailer<</Root 1 0 R>>
%%EOF
`;

async function seedSeminars(db: Db, ids: Record<string, number>, files: FileStore, currency: string) {
  const trainer = ids.trainer;
  if (!trainer) return;
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(seminars);
  if ((existing?.n ?? 0) > 0) return;
  const [intro] = await db
    .insert(seminars)
    .values({
      slug: demoSlug('intro'),
      title: DEMO_SEMINAR_TITLES.intro,
      description:
        '<p>Ein kompakter Einstieg: Ziele setzen, planen, im Team arbeiten. Mit Video, Checkliste und weiterführenden Links.</p>',
      price: 0,
      currency,
      isPublic: true,
      ownerId: trainer,
    })
    .returning();
  const priced = await db
    .insert(seminars)
    .values([
      {
        slug: demoSlug('leadership'),
        title: DEMO_SEMINAR_TITLES.leadership,
        description: '<p>Für neue Führungskräfte: Gespräche führen, Feedback geben, Konflikte lösen.</p>',
        price: 24900,
        currency,
        isPublic: true,
        ownerId: trainer,
      },
      {
        slug: demoSlug('draft'),
        title: DEMO_SEMINAR_TITLES.draft,
        description: '<p>Noch in Arbeit.</p>',
        price: 0,
        currency,
        isPublic: false,
        ownerId: trainer,
      },
    ])
    .returning();
  const leadership = priced.find((s) => s.slug === demoSlug('leadership'));
  if (leadership) {
    await db.insert(chapters).values([
      {
        seminarId: leadership.id,
        label: 'Die Rolle als Führungskraft',
        description: '<p>Vom Teammitglied zur Führungskraft.</p>',
        content: '<p>Führen heisst: Ziele klären, Rahmen setzen, Menschen entwickeln.</p>',
        position: 0,
        unlocked: 1,
      },
      {
        seminarId: leadership.id,
        label: 'Feedback geben',
        description: '<p>Konkret, zeitnah und wertschätzend.</p>',
        content: '<p>Beschreiben Sie Beobachtungen, nicht Eigenschaften.</p>',
        position: 1,
        unlocked: 1,
      },
    ]);
  }
  if (!intro) return;
  const [c1, c2] = await db
    .insert(chapters)
    .values([
      {
        seminarId: intro.id,
        label: 'Ziele und Planung',
        description: '<p>Warum Projekte scheitern und wie ein guter Plan aussieht.</p>',
        content:
          '<h2>Ziele</h2><p>Formulieren Sie Ziele <strong>spezifisch</strong> und <em>messbar</em>.</p>',
        position: 0,
        unlocked: 1,
      },
      {
        seminarId: intro.id,
        label: 'Zusammenarbeit im Team',
        description: '<p>Rollen, Kommunikation und Werkzeuge.</p>',
        content: '<p>Gute Teams klären früh, wer was entscheidet.</p>',
        position: 1,
        unlocked: 1,
      },
    ])
    .returning();
  if (!c1 || !c2) return;
  await db.insert(chapters).values({
    seminarId: intro.id,
    chapterId: c1.id,
    label: 'Meilensteine festlegen',
    content: '<ul><li>Ergebnis</li><li>Termin</li><li>Verantwortung</li></ul>',
    position: 0,
    unlocked: 1,
  });
  const videoRel = `videos/${randomToken(18)}.mp4`;
  await putFile(files, videoRel, createReadStream(SAMPLE_VIDEO), 'video/mp4');
  const videoSize = (await stat(SAMPLE_VIDEO)).size;
  const docRel = `docs/${randomToken(18)}.pdf`;
  await putFile(files, docRel, Buffer.from(DEMO_PDF), 'application/pdf');
  await db.insert(chapterFiles).values([
    {
      chapterId: c1.id,
      kind: 'video',
      label: 'Einführungsvideo',
      originalName: 'einfuehrung.mp4',
      storagePath: videoRel,
      mime: 'video/mp4',
      size: videoSize,
      sha256: '',
    },
    {
      chapterId: c1.id,
      kind: 'doc',
      label: 'Checkliste',
      originalName: 'Checkliste Projektarbeit.pdf',
      storagePath: docRel,
      mime: 'application/pdf',
      size: Buffer.byteLength(DEMO_PDF),
      sha256: '',
    },
  ]);
  await db
    .insert(chapterLinks)
    .values({ chapterId: c2.id, label: 'Scrum Guide', url: 'https://scrumguides.org/' });
  if (ids.student)
    await db.insert(enrolments).values({ seminarId: intro.id, userId: ids.student, source: 'free' });
}
