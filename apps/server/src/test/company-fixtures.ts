import type { FastifyInstance } from 'fastify';
import { companyInvitations } from '../db/schema/index.ts';
import { randomToken, seal, sha256Hex } from '../lib/crypto.ts';
import { SEAL_PURPOSE } from '../modules/companies/companies.service.ts';
import { companyBookingsRepository as repo } from '../modules/companies/company-bookings.repository.ts';

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
      const assigned = assign.length ? await repo.assign(db, booking, assign) : [];
      return { booking, assigned };
    },
    /** a live access link to an assignment; returns the plain token */
    async link(bookingId: number, days = 14) {
      const token = randomToken(32);
      const link = await repo.insertLink(db, {
        tokenHash: sha256Hex(token),
        tokenSealed: seal(app.config.sessionSecret, SEAL_PURPOSE, token),
        bookingId,
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
  };
}
