import type { AuditAction } from '@elearn/shared';
import { and, asc, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pagedFromNearerEnd } from '../../db/query-helpers.ts';
import { auditLog } from '../../db/schema/index.ts';

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditEntry {
  actor: { id: number; username: string } | null;
  action: AuditAction;
  targetType:
    | 'user'
    | 'company'
    | 'seminar'
    | 'graduation'
    | 'certificate'
    | 'job'
    | 'seller'
    | 'payment'
    | 'invoice';
  targetId: number | null;
  targetLabel: string;
  before?: unknown;
  after?: unknown;
}

export interface AuditFilter {
  action?: string;
  actorId?: number;
  targetType?: string;
  /** inclusive start and exclusive end */
  from?: Date;
  to?: Date;
}

/** The only place that writes and reads the audit trail (append-only: no update, no delete). */
export const auditRepository = {
  async record(db: DbOrTx, e: AuditEntry, at = new Date()): Promise<void> {
    await db.insert(auditLog).values({
      actorId: e.actor?.id ?? null,
      actorUsername: e.actor?.username ?? null,
      action: e.action,
      targetType: e.targetType,
      targetId: e.targetId,
      targetLabel: e.targetLabel,
      before: e.before ?? null,
      after: e.after ?? null,
      createdAt: at,
    });
  },

  /** every entry a person made or that is about them (the data export, issue 19) */
  async aboutUser(db: DbOrTx, userId: number): Promise<AuditRow[]> {
    return db
      .select()
      .from(auditLog)
      .where(
        or(eq(auditLog.actorId, userId), and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId))),
      )
      .orderBy(asc(auditLog.id));
  },

  async list(
    db: DbOrTx,
    f: AuditFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (f.action) conditions.push(eq(auditLog.action, f.action));
    if (f.actorId) conditions.push(eq(auditLog.actorId, f.actorId));
    if (f.targetType) conditions.push(eq(auditLog.targetType, f.targetType));
    if (f.from) conditions.push(gte(auditLog.createdAt, f.from));
    if (f.to) conditions.push(lt(auditLog.createdAt, f.to));
    const where = conditions.length ? and(...conditions) : undefined;
    // two million entries at scale (issue 39): a cheap total and the last pages read from the end
    return pagedFromNearerEnd(
      db,
      page,
      db.select({ one: sql`1` }).from(auditLog).where(where),
      (direction, window) =>
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(
            ...(direction === 'forward'
              ? [desc(auditLog.createdAt), desc(auditLog.id)]
              : [asc(auditLog.createdAt), asc(auditLog.id)]),
          )
          .limit(window.limit)
          .offset(window.offset),
    );
  },
};
