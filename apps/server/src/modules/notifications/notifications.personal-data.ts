import type { Db } from '../../db/client.ts';
import { notificationsRepository as repo } from './notifications.repository.ts';

/**
 * One person's choice of notification mails and the record of the ones sent to them (issue 36
 * item 6): exported; deleted with the account.
 */
export function notificationsPersonalData(db: Db) {
  return {
    collect: async (userId: number) => {
      const { prefs, sends } = await repo.ofUser(db, userId);
      return {
        preferences: prefs.map((p) => ({
          due_reminders: p.dueReminders,
          manager_digest: p.managerDigest,
          drip_unlocks: p.dripUnlocks,
          updated_at: p.updatedAt,
        })),
        sent: sends.map((s) => ({ kind: s.kind, subject: s.subject, period: s.period, sent_at: s.sentAt })),
      };
    },
    erase: (userId: number) => repo.eraseOf(db, userId),
  };
}
