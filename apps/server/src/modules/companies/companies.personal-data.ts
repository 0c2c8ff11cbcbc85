import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  accessLinks,
  companies,
  companyBookings,
  companyInvitations,
  companyMemberInvitations,
  companyPendingMembers,
  companyUsers,
  seatPackages,
} from '../../db/schema/index.ts';

/** the seat packages a person bought for a company (issue 38 item 4) */
const seatPackagesBoughtBy = (db: Db, userId: number) =>
  db
    .select({
      id: seatPackages.id,
      company_id: seatPackages.companyId,
      seminar_id: seatPackages.seminarId,
      status: seatPackages.status,
      seats: seatPackages.seatsBought,
      unit_price: seatPackages.unitPrice,
      currency: seatPackages.currency,
      valid_from: seatPackages.validFrom,
      valid_until: seatPackages.validUntil,
      created_at: seatPackages.createdAt,
    })
    .from(seatPackages)
    .where(eq(seatPackages.boughtBy, userId))
    .orderBy(asc(seatPackages.id));

/**
 * Issue 19: a person's company memberships, invitations, access links and what they did for a
 * company (bookings, invitation links). Memberships, invitations to their address and access
 * links for them end with the erased account; what they did for a company stays with it (the
 * company's records) and names only the anonymised account. A company's last manager is not
 * erased: someone must take over the company first.
 */
export function companiesPersonalData(db: Db) {
  return {
    async collect(userId: number, email: string) {
      const [memberships, pending, invitations, links, bookingsMade, invitationLinks] = await Promise.all([
        db
          .select({
            company_id: companyUsers.companyId,
            company_name: companies.name,
            manager: companyUsers.manager,
            created_at: companyUsers.createdAt,
          })
          .from(companyUsers)
          .innerJoin(companies, eq(companies.id, companyUsers.companyId))
          .where(eq(companyUsers.userId, userId))
          .orderBy(asc(companies.name)),
        db
          .select({
            company_id: companyPendingMembers.companyId,
            created_at: companyPendingMembers.createdAt,
          })
          .from(companyPendingMembers)
          .where(eq(companyPendingMembers.userId, userId)),
        db
          .select({
            id: companyMemberInvitations.id,
            company_id: companyMemberInvitations.companyId,
            email: companyMemberInvitations.email,
            invited_by: companyMemberInvitations.invitedBy,
            created_at: companyMemberInvitations.createdAt,
            expires_at: companyMemberInvitations.expiresAt,
          })
          .from(companyMemberInvitations)
          .where(
            or(eq(companyMemberInvitations.email, email), eq(companyMemberInvitations.invitedBy, userId)),
          )
          .orderBy(asc(companyMemberInvitations.id)),
        db
          .select({
            id: accessLinks.id,
            seminar_id: accessLinks.seminarId,
            user_id: accessLinks.userId,
            company_id: accessLinks.companyId,
            created_by: accessLinks.createdBy,
            expires_at: accessLinks.expiresAt,
            revoked_at: accessLinks.revokedAt,
            last_used_at: accessLinks.lastUsedAt,
            created_at: accessLinks.createdAt,
          })
          .from(accessLinks)
          .where(or(eq(accessLinks.userId, userId), eq(accessLinks.createdBy, userId)))
          .orderBy(asc(accessLinks.id)),
        db
          .select({
            id: companyBookings.id,
            company_id: companyBookings.companyId,
            seminar_id: companyBookings.seminarId,
            status: companyBookings.status,
            price: companyBookings.price,
            currency: companyBookings.currency,
            created_at: companyBookings.createdAt,
          })
          .from(companyBookings)
          .where(eq(companyBookings.bookedBy, userId))
          .orderBy(asc(companyBookings.id)),
        db
          .select({
            id: companyInvitations.id,
            company_id: companyInvitations.companyId,
            expires_at: companyInvitations.expiresAt,
            revoked_at: companyInvitations.revokedAt,
            created_at: companyInvitations.createdAt,
          })
          .from(companyInvitations)
          .where(eq(companyInvitations.createdBy, userId))
          .orderBy(asc(companyInvitations.id)),
      ]);
      const seatPackagesBought = await seatPackagesBoughtBy(db, userId);
      return {
        memberships,
        pending_memberships: pending,
        member_invitations: invitations,
        access_links: links,
        company_bookings_made: bookingsMade,
        invitation_links_created: invitationLinks,
        seat_packages_bought: seatPackagesBought,
      };
    },
    /** the companies `userId` manages alone (their deletion waits for another manager) */
    async managedAlone(userId: number): Promise<{ id: number; name: string }[]> {
      return db
        .select({ id: companies.id, name: companies.name })
        .from(companyUsers)
        .innerJoin(companies, eq(companies.id, companyUsers.companyId))
        .where(
          and(
            eq(companyUsers.userId, userId),
            eq(companyUsers.manager, true),
            sql`(SELECT count(*) FROM ${companyUsers} m WHERE m.company_id = ${companyUsers.companyId} AND m.manager) = 1`,
          ),
        )
        .orderBy(asc(companies.name));
    },
    async erase(userId: number, email: string) {
      await db.delete(accessLinks).where(eq(accessLinks.userId, userId));
      await db.delete(companyMemberInvitations).where(eq(companyMemberInvitations.email, email));
      await db.delete(companyPendingMembers).where(eq(companyPendingMembers.userId, userId));
      await db.delete(companyUsers).where(eq(companyUsers.userId, userId));
    },
  };
}
