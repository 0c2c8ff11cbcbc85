import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { certificates, seminars } from '../../db/schema/index.ts';

export type CertificateRow = typeof certificates.$inferSelect;

/** Certificates by code and by learner, and their revocation (part of progressRepository). */
export const certificatesRepository = {
  async certificateByCode(db: DbOrTx, code: string): Promise<CertificateRow | undefined> {
    const [row] = await db.select().from(certificates).where(eq(certificates.code, code)).limit(1);
    return row;
  },

  async certificatesOf(db: DbOrTx, userId: number) {
    return db
      .select({ certificate: certificates, slug: seminars.slug })
      .from(certificates)
      .leftJoin(seminars, eq(seminars.id, certificates.seminarId))
      .where(eq(certificates.userId, userId))
      .orderBy(desc(certificates.issuedAt), desc(certificates.id));
  },

  /** revokes a valid certificate; undefined when it was revoked meanwhile */
  async revoke(db: DbOrTx, id: number, by: number, reason: string, at: Date) {
    const [row] = await db
      .update(certificates)
      .set({ revokedAt: at, revokedBy: by, revokeReason: reason })
      .where(and(eq(certificates.id, id), sql`${certificates.revokedAt} is null`))
      .returning();
    return row;
  },
};
