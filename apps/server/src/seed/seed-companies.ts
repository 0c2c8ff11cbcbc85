import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accessLinks, chapters, companyBookings, enrolments, seminars } from '../db/schema/index.ts';
import { randomToken, seal, sha256Hex } from '../lib/crypto.ts';
import { accessLinksRepository } from '../modules/companies/access-links.repository.ts';
import { SEAL_PURPOSE } from '../modules/companies/companies.service.ts';
import { companyBookingsRepository as repo } from '../modules/companies/company-bookings.repository.ts';
import { enrolmentsRepository } from '../modules/enrolments/enrolments.repository.ts';
import { DEMO_SEMINAR_TITLES, demoSlug } from './demo-seminars.ts';

/**
 * Demo data of the companies issue: a company seminar made for Muster AG, the company's bookings
 * of it and of the free introduction, the demo employee assigned to both, and an access link
 * (when the session secret is known, which seals the token). Does nothing when company bookings
 * exist already.
 */
export async function seedCompanies(
  db: Db,
  opts: { companyId: number; ids: Record<string, number>; currency: string; sessionSecret?: string },
) {
  const { companyId, ids, currency } = opts;
  const trainer = ids.trainer;
  const employee = ids.mitarbeiter;
  const manager = ids.firma;
  if (!trainer || !employee || !manager) return;
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(companyBookings);
  if ((existing?.n ?? 0) === 0) await seedBookings(db, { companyId, trainer, employee, manager, currency });
  if (opts.sessionSecret) await seedAccessLink(db, { manager, employee, sessionSecret: opts.sessionSecret });
}

async function seedBookings(
  db: Db,
  opts: { companyId: number; trainer: number; employee: number; manager: number; currency: string },
) {
  const { companyId, trainer, employee, manager, currency } = opts;

  const [intro] = await db
    .select()
    .from(seminars)
    .where(sql`${seminars.slug} = ${demoSlug('intro')}`)
    .limit(1);
  const [own] = await db
    .insert(seminars)
    .values({
      slug: demoSlug('safety'),
      title: DEMO_SEMINAR_TITLES.safety,
      description: '<p>Die Sicherheitsregeln der Muster AG: Notausgänge, Erste Hilfe, Meldewege.</p>',
      price: 0,
      currency,
      isPublic: false,
      isCompany: true,
      companyId,
      ownerId: trainer,
    })
    .onConflictDoNothing()
    .returning();
  if (own) {
    await db.insert(chapters).values([
      {
        seminarId: own.id,
        label: 'Notfall: was tun?',
        content:
          '<p>Ruhe bewahren, <strong>144</strong> wählen, Erste Hilfe leisten, Vorgesetzte informieren.</p>',
        position: 0,
        unlocked: 1,
      },
      {
        seminarId: own.id,
        label: 'Meldewege',
        content: '<p>Jeder Beinaheunfall wird im Intranet gemeldet.</p>',
        position: 1,
        unlocked: 1,
      },
    ]);
  }
  for (const seminar of [intro, own]) {
    if (!seminar) continue;
    const { booking } = await repo.insertFree(db, {
      companyId,
      seminarId: seminar.id,
      bookedBy: manager,
      currency,
    });
    await enrolmentsRepository.assign(db, {
      companyBookingId: booking.id,
      companyId,
      seminarId: seminar.id,
      userIds: [employee],
      grantedBy: manager,
      at: new Date(),
    });
  }
}

/** an access link to the employee's first assignment, once (the token is sealed with the secret) */
async function seedAccessLink(db: Db, opts: { manager: number; employee: number; sessionSecret: string }) {
  const [links] = await db.select({ n: sql<number>`count(*)::int` }).from(accessLinks);
  if ((links?.n ?? 0) > 0) return;
  const [assignment] = await db
    .select()
    .from(enrolments)
    .where(and(eq(enrolments.userId, opts.employee), eq(enrolments.source, 'company')))
    .orderBy(enrolments.id)
    .limit(1);
  if (!assignment?.companyId) return;
  const token = randomToken(32);
  await accessLinksRepository.insert(db, {
    tokenHash: sha256Hex(token),
    tokenSealed: seal(opts.sessionSecret, SEAL_PURPOSE, token),
    enrolmentId: assignment.id,
    seminarId: assignment.seminarId,
    userId: assignment.userId,
    companyId: assignment.companyId,
    createdBy: opts.manager,
    expiresAt: new Date(Date.now() + 14 * 86_400_000),
  });
}
