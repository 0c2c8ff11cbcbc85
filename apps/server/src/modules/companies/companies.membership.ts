import type { DbOrTx } from '../../db/client.ts';
import type { Page } from '../../db/query-helpers.ts';
import type { CompaniesContext } from './companies.context.ts';
import { companiesRepository as companies } from './companies.repository.ts';
import { companyBookingsRepository } from './company-bookings.repository.ts';
import { membersPage } from './company-members.repository.ts';

/** companies and memberships without the caller's company rights (the admin area checks its own) */
export function companyMembership(ctx: CompaniesContext) {
  const { db, enrolments } = ctx;
  return {
    find: (id: number) => companies.findById(db, id),
    refs: (ids: number[]) => companies.refsByIds(db, ids),
    list: (f: { q?: string; id?: number }, page: Page) => companies.adminList(db, f, page),
    shortNameTaken: (shortName: string, exceptId: number | null) =>
      companies.shortNameTaken(db, shortName, exceptId),
    create: (tx: DbOrTx, values: { name: string; shortName: string }) => companies.insert(tx, values),
    rename: (
      tx: DbOrTx,
      id: number,
      before: { shortName: string },
      values: { name?: string; shortName?: string },
    ) => companies.rename(tx, id, before, values),
    usage: (id: number) => companies.usage(db, id),
    delete: (tx: DbOrTx, id: number) => companies.delete(tx, id),
    members: (id: number) => companies.members(db, id),
    /** a page of the members sorted by name; `q` in name, username or e-mail (issue 39) */
    membersPage: (id: number, f: { q?: string }, page: Page) => membersPage(db, id, f, page),
    setManager: (tx: DbOrTx, id: number, userId: number, manager: boolean) =>
      companies.setManager(tx, id, userId, manager),
    /** company bookings per seminar */
    bookingCounts: (seminarIds: number[]) => companyBookingsRepository.countsBySeminar(db, seminarIds),
    memberIds: (id: number, userIds: number[]) => companies.memberIds(db, id, userIds),
    add: (tx: DbOrTx, id: number, userId: number, manager: boolean) =>
      companies.addMember(tx, id, userId, manager),
    /** the member leaves: their company grants (and so their access links) end with it */
    async remove(tx: DbOrTx, id: number, userId: number) {
      await enrolments.unassignAllOf(id, userId, tx);
      await companies.removeMember(tx, id, userId);
    },
  };
}
