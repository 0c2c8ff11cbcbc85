import { and, asc, desc, eq, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountDeletions, dataExports, users } from '../../db/schema/index.ts';

export type ExportRow = typeof dataExports.$inferSelect;
export type DeletionRow = typeof accountDeletions.$inferSelect;

/** The privacy module's own tables: data exports and account deletions (issue 19). */
export const privacyRepository = {
  async insertExport(db: DbOrTx, userId: number, requestedBy: number, at: Date): Promise<ExportRow> {
    const [row] = await db.insert(dataExports).values({ userId, requestedBy, createdAt: at }).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },
  async findExport(db: DbOrTx, id: number): Promise<ExportRow | undefined> {
    const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id)).limit(1);
    return row;
  },
  /** a pending export of `userId` asked for by `requestedBy` started after `since` */
  async pendingExport(db: DbOrTx, userId: number, requestedBy: number, since: Date) {
    const [row] = await db
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(
        and(
          eq(dataExports.userId, userId),
          eq(dataExports.requestedBy, requestedBy),
          eq(dataExports.status, 'pending'),
          sql`${dataExports.createdAt} > ${since}`,
        ),
      )
      .limit(1);
    return row;
  },
  async exportsRequestedBy(db: DbOrTx, requestedBy: number, limit: number): Promise<ExportRow[]> {
    return db
      .select()
      .from(dataExports)
      .where(eq(dataExports.requestedBy, requestedBy))
      .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
      .limit(limit);
  },
  async exportsOf(db: DbOrTx, userId: number): Promise<ExportRow[]> {
    return db
      .select()
      .from(dataExports)
      .where(or(eq(dataExports.userId, userId), eq(dataExports.requestedBy, userId)))
      .orderBy(asc(dataExports.id));
  },
  async markReady(db: DbOrTx, id: number, fileKey: string, size: number, at: Date, expiresAt: Date) {
    const [row] = await db
      .update(dataExports)
      .set({ status: 'ready', fileKey, size, readyAt: at, expiresAt })
      .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')))
      .returning();
    return row;
  },
  async markFailed(db: DbOrTx, id: number) {
    await db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, id));
  },
  /** exports past their download time, and unfinished ones older than `staleBefore` */
  async expiredExports(db: DbOrTx, now: Date, staleBefore: Date): Promise<ExportRow[]> {
    return db
      .select()
      .from(dataExports)
      .where(
        or(
          and(isNotNull(dataExports.expiresAt), lte(dataExports.expiresAt, now)),
          and(sql`${dataExports.status} <> 'ready'`, lt(dataExports.createdAt, staleBefore)),
        ),
      );
  },
  async deleteExport(db: DbOrTx, id: number) {
    await db.delete(dataExports).where(eq(dataExports.id, id));
  },

  async findDeletion(db: DbOrTx, userId: number): Promise<DeletionRow | undefined> {
    const [row] = await db
      .select()
      .from(accountDeletions)
      .where(eq(accountDeletions.userId, userId))
      .limit(1);
    return row;
  },
  /** inserts a pending deletion; undefined when one exists already */
  async insertDeletion(
    db: DbOrTx,
    v: { userId: number; requestedBy: number; requestedAt: Date; dueAt: Date },
  ): Promise<DeletionRow | undefined> {
    const [row] = await db.insert(accountDeletions).values(v).onConflictDoNothing().returning();
    return row;
  },
  /** ends a pending deletion (a login, an admin); the row that was pending, if any */
  async cancelDeletion(db: DbOrTx, userId: number): Promise<DeletionRow | undefined> {
    const [row] = await db
      .delete(accountDeletions)
      .where(and(eq(accountDeletions.userId, userId), eq(accountDeletions.status, 'pending')))
      .returning();
    return row;
  },
  /**
   * Claims the deletions due at `now` (and erasures left unfinished before `staleBefore`) for
   * this process: one UPDATE, so two instances never erase the same account at once.
   */
  async claimDue(db: DbOrTx, now: Date, staleBefore: Date, limit: number): Promise<DeletionRow[]> {
    return db
      .update(accountDeletions)
      .set({ status: 'erasing', claimedAt: now })
      .where(
        sql`${accountDeletions.userId} IN (SELECT user_id FROM account_deletions WHERE
          (status = 'pending' AND due_at <= ${now}) OR (status = 'erasing' AND claimed_at < ${staleBefore})
          ORDER BY due_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)`,
      )
      .returning();
  },
  async release(db: DbOrTx, userId: number) {
    await db
      .update(accountDeletions)
      .set({ status: 'pending', claimedAt: null })
      .where(eq(accountDeletions.userId, userId));
  },
  async markErased(db: DbOrTx, userId: number, at: Date) {
    await db
      .update(accountDeletions)
      .set({ status: 'erased', erasedAt: at })
      .where(eq(accountDeletions.userId, userId));
  },
  async pendingPage(db: DbOrTx, page: { limit: number; offset: number }) {
    const where = sql`${accountDeletions.status} <> 'erased'`;
    const [rows, [count]] = await Promise.all([
      db
        .select({
          userId: accountDeletions.userId,
          requestedBy: accountDeletions.requestedBy,
          requestedAt: accountDeletions.requestedAt,
          dueAt: accountDeletions.dueAt,
          username: users.username,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(accountDeletions)
        .innerJoin(users, eq(users.id, accountDeletions.userId))
        .where(where)
        .orderBy(asc(accountDeletions.dueAt), asc(accountDeletions.userId))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(accountDeletions).where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  },
};
