import type { Locale, NotificationKind, NotificationPrefs } from '@elearn/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notificationPreferences, notificationSends, users } from '../../db/schema/index.ts';

export interface Recipient {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  locale: Locale;
}

const COLUMN = {
  due_reminders: notificationPreferences.dueReminders,
  manager_digest: notificationPreferences.managerDigest,
  drip_unlocks: notificationPreferences.dripUnlocks,
} as const;

export interface SendKey {
  userId: number;
  kind: string;
  subject: string;
  period: string;
}

/** preferences (no row: all on) and the record of notifications sent */
export const notificationsRepository = {
  async prefsOf(db: DbOrTx, userId: number): Promise<NotificationPrefs> {
    const [row] = await db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId));
    return {
      due_reminders: row?.dueReminders ?? true,
      manager_digest: row?.managerDigest ?? true,
      drip_unlocks: row?.dripUnlocks ?? true,
    };
  },

  async savePrefs(db: DbOrTx, userId: number, p: Partial<NotificationPrefs>, at: Date): Promise<void> {
    const values = {
      ...(p.due_reminders === undefined ? {} : { dueReminders: p.due_reminders }),
      ...(p.manager_digest === undefined ? {} : { managerDigest: p.manager_digest }),
      ...(p.drip_unlocks === undefined ? {} : { dripUnlocks: p.drip_unlocks }),
      updatedAt: at,
    };
    await db
      .insert(notificationPreferences)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: values });
  },

  /**
   * of `userIds`, the ones who want `kind` and can be written to (an active account), with
   * their address, name and language
   */
  async recipients(db: DbOrTx, userIds: number[], kind: NotificationKind): Promise<Map<number, Recipient>> {
    if (userIds.length === 0) return new Map();
    const rows = await db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        locale: users.locale,
      })
      .from(users)
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
      .where(
        and(
          inArray(users.id, [...new Set(userIds)]),
          isNull(users.disabledAt),
          sql`coalesce(${COLUMN[kind]}, true)`,
        ),
      );
    return new Map(
      rows.map((r) => [r.id, { ...r, locale: r.locale === 'en' ? 'en' : 'de' } satisfies Recipient]),
    );
  },

  /** the language of an account; null when there is none */
  async localeOf(db: DbOrTx, userId: number): Promise<Locale | null> {
    const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
    return row ? (row.locale === 'en' ? 'en' : 'de') : null;
  },

  /** records the sends; answers the ones that were new (a repeat of a run records none) */
  async record(tx: DbOrTx, keys: SendKey[], at: Date): Promise<SendKey[]> {
    if (keys.length === 0) return [];
    return tx
      .insert(notificationSends)
      .values(keys.map((k) => ({ ...k, sentAt: at })))
      .onConflictDoNothing()
      .returning({
        userId: notificationSends.userId,
        kind: notificationSends.kind,
        subject: notificationSends.subject,
        period: notificationSends.period,
      });
  },

  /** the latest send of a kind about a subject to the user, any period */
  async lastSent(db: DbOrTx, userId: number, kind: string, subject: string): Promise<Date | null> {
    const [row] = await db
      .select({ at: sql<Date | null>`max(${notificationSends.sentAt})`.mapWith(notificationSends.sentAt) })
      .from(notificationSends)
      .where(
        and(
          eq(notificationSends.userId, userId),
          eq(notificationSends.kind, kind),
          eq(notificationSends.subject, subject),
        ),
      );
    return row?.at ?? null;
  },

  /**
   * Claims a manual reminder of the pair: the pair's row is written, or moved to `at` when its
   * last reminder is older than `notAfter`, in one statement (two managers at once: one wins).
   * null when it was reminded since `notAfter`.
   */
  async claim(tx: DbOrTx, key: Omit<SendKey, 'period'>, at: Date, notAfter: Date): Promise<boolean> {
    const rows = await tx
      .insert(notificationSends)
      .values({ ...key, period: '', sentAt: at })
      .onConflictDoUpdate({
        target: [
          notificationSends.userId,
          notificationSends.kind,
          notificationSends.subject,
          notificationSends.period,
        ],
        set: { sentAt: at },
        setWhere: sql`${notificationSends.sentAt} <= ${notAfter}`,
      })
      .returning({ id: notificationSends.id });
    return rows.length > 0;
  },

  /** a user's notification rows: the data export (issue 19) */
  async ofUser(db: DbOrTx, userId: number) {
    const prefs = await db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId));
    const sends = await db.select().from(notificationSends).where(eq(notificationSends.userId, userId));
    return { prefs, sends };
  },

  /** deletes a user's notification rows (the account's erasure) */
  async eraseOf(db: DbOrTx, userId: number): Promise<void> {
    await db.delete(notificationSends).where(eq(notificationSends.userId, userId));
    await db.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  },
};
