import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, companyInvitations } from '../../db/schema/index.ts';

export type InvitationRow = typeof companyInvitations.$inferSelect;
const companyRef = { id: companies.id, name: companies.name, shortName: companies.shortName };

/** The only place that builds queries on company invitations. */
export const invitationsRepository = {
  /** a new invitation; the company's earlier ones stop working (one transaction) */
  async replaceInvitation(
    db: DbOrTx,
    values: { companyId: number; tokenHash: string; createdBy: number; expiresAt: Date },
    at: Date,
  ): Promise<InvitationRow> {
    return db.transaction(async (tx) => {
      await tx
        .update(companyInvitations)
        .set({ revokedAt: at })
        .where(and(eq(companyInvitations.companyId, values.companyId), isNull(companyInvitations.revokedAt)));
      const [row] = await tx.insert(companyInvitations).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    });
  },
  async currentInvitation(db: DbOrTx, companyId: number, at: Date): Promise<InvitationRow | undefined> {
    const [row] = await db
      .select()
      .from(companyInvitations)
      .where(
        and(
          eq(companyInvitations.companyId, companyId),
          isNull(companyInvitations.revokedAt),
          sql`${companyInvitations.expiresAt} > ${at.toISOString()}`,
        ),
      )
      .orderBy(desc(companyInvitations.createdAt))
      .limit(1);
    return row;
  },
  async invitationByHash(db: DbOrTx, tokenHash: string) {
    const [row] = await db
      .select({ invitation: companyInvitations, company: companyRef })
      .from(companyInvitations)
      .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
      .where(eq(companyInvitations.tokenHash, tokenHash))
      .limit(1);
    return row;
  },
  async revokeInvitations(db: DbOrTx, companyId: number, at: Date): Promise<void> {
    await db
      .update(companyInvitations)
      .set({ revokedAt: at })
      .where(and(eq(companyInvitations.companyId, companyId), isNull(companyInvitations.revokedAt)));
  },
};
