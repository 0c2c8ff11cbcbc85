import type { FastifyInstance } from 'fastify';
import { companyInvitations, companyMemberInvitations } from '../db/schema/index.ts';
import { randomToken, seal, sha256Hex } from '../lib/crypto.ts';
import { accessLinksRepository } from '../modules/companies/access-links.repository.ts';
import { SEAL_PURPOSE } from '../modules/companies/companies.service.ts';
import { companyBookingsRepository as repo } from '../modules/companies/company-bookings.repository.ts';
import { enrolmentsRepository } from '../modules/enrolments/enrolments.repository.ts';

/** Company bookings, assignments, access links and invitations written straight to the database. */
export function companyFixtures(app: FastifyInstance) {
  const db = app.database.db;
  return {
    /** a free company booking of the seminar with the given employees assigned */
    async booking(companyId: number, seminarId: number, assign: number[] = []) {
      const { booking } = await repo.insertFree(db, {
        companyId,
        seminarId,
        bookedBy: null,
        currency: 'CHF',
      });
      const grants = await enrolmentsRepository.assign(db, {
        companyBookingId: booking.id,
        companyId,
        seminarId,
        userIds: assign,
        grantedBy: null,
        at: new Date(),
      });
      // `bookingId`: the assignment's id as the API shows it (the company grant)
      const assigned = grants.map((g) => ({ userId: g.userId, bookingId: g.enrolmentId }));
      return { booking, assigned };
    },
    /** a live access link to an assignment (its company grant's id); returns the plain token */
    async link(bookingId: number, days = 14) {
      const token = randomToken(32);
      const grant = await enrolmentsRepository.findById(db, bookingId);
      if (!grant?.companyId) throw new Error(`no company grant ${bookingId}`);
      const link = await accessLinksRepository.insert(db, {
        tokenHash: sha256Hex(token),
        tokenSealed: seal(app.config.sessionSecret, SEAL_PURPOSE, token),
        enrolmentId: grant.id,
        seminarId: grant.seminarId,
        userId: grant.userId,
        companyId: grant.companyId,
        createdBy: null,
        expiresAt: new Date(Date.now() + days * 86_400_000),
      });
      return { token, link };
    },
    async invitation(companyId: number, days = 30) {
      const token = randomToken(32);
      await db.insert(companyInvitations).values({
        companyId,
        tokenHash: sha256Hex(token),
        expiresAt: new Date(Date.now() + days * 86_400_000),
      });
      return token;
    },
    /** an invitation of the address to become a member (as a manager sends by e-mail) */
    async memberInvitation(companyId: number, email: string, days = 14) {
      const token = randomToken(32);
      const [row] = await db
        .insert(companyMemberInvitations)
        .values({
          companyId,
          email,
          tokenHash: sha256Hex(token),
          expiresAt: new Date(Date.now() + days * 86_400_000),
        })
        .returning();
      return { token, id: row!.id };
    },
  };
}
