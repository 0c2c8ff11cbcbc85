import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, companyMemberInvitations, companyUsers, users } from '../../db/schema/index.ts';

export type MemberInvitationRow = typeof companyMemberInvitations.$inferSelect;

/** The only place that builds queries on invitations of members by e-mail (issue 11 item 18). */
export const memberInvitationsRepository = {
  /** whether the address belongs to a member already (one query, whether or not it has an account) */
  async isMemberAddress(db: DbOrTx, companyId: number, email: string): Promise<boolean> {
    const [row] = await db
      .select({ one: sql<number>`1` })
      .from(companyUsers)
      .innerJoin(users, eq(users.id, companyUsers.userId))
      .where(and(eq(companyUsers.companyId, companyId), eq(users.email, email)))
      .limit(1);
    return !!row;
  },
  /** a new invitation for the address, or the address's invitation renewed with a new token */
  async upsert(
    db: DbOrTx,
    values: {
      companyId: number;
      email: string;
      tokenHash: string;
      invitedBy: number;
      expiresAt: Date;
      createdAt: Date;
    },
  ): Promise<MemberInvitationRow> {
    const [row] = await db
      .insert(companyMemberInvitations)
      .values(values)
      .onConflictDoUpdate({
        target: [companyMemberInvitations.companyId, companyMemberInvitations.email],
        set: {
          tokenHash: values.tokenHash,
          invitedBy: values.invitedBy,
          createdAt: values.createdAt,
          expiresAt: values.expiresAt,
        },
      })
      .returning();
    if (!row) throw new Error('upsert returned no row');
    return row;
  },
  async listFor(db: DbOrTx, companyId: number): Promise<MemberInvitationRow[]> {
    return db
      .select()
      .from(companyMemberInvitations)
      .where(eq(companyMemberInvitations.companyId, companyId))
      .orderBy(asc(companyMemberInvitations.email));
  },
  async byHash(db: DbOrTx, tokenHash: string) {
    const [row] = await db
      .select({
        invitation: companyMemberInvitations,
        company: { id: companies.id, name: companies.name, shortName: companies.shortName },
      })
      .from(companyMemberInvitations)
      .innerJoin(companies, eq(companies.id, companyMemberInvitations.companyId))
      .where(eq(companyMemberInvitations.tokenHash, tokenHash))
      .limit(1);
    return row;
  },
  /** @returns whether a row of this company went */
  async remove(db: DbOrTx, companyId: number, id: number): Promise<boolean> {
    const gone = await db
      .delete(companyMemberInvitations)
      .where(and(eq(companyMemberInvitations.companyId, companyId), eq(companyMemberInvitations.id, id)))
      .returning({ id: companyMemberInvitations.id });
    return gone.length > 0;
  },
};
