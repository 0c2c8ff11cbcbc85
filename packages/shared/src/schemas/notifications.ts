import { z } from 'zod';
import { id } from './rules.ts';

/**
 * The mails a person may turn off (issue 36 item 6): reminders of due assignments, the weekly
 * digest of a company manager, and the mail when a chapter opens by drip. All on by default.
 */
export const NOTIFICATION_KINDS = ['due_reminders', 'manager_digest', 'drip_unlocks'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** `GET/PUT /api/me/notifications` */
export const notificationPrefsSchema = z.strictObject({
  due_reminders: z.boolean(),
  manager_digest: z.boolean(),
  drip_unlocks: z.boolean(),
});
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

/** `?token=` of `GET/POST /api/unsubscribe` (RFC 8058 one-click) */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(1).max(200) });

/** the answer of a one-click unsubscribe */
export const unsubscribedSchema = z.object({ kind: z.enum(NOTIFICATION_KINDS), message: z.string() });

/** `POST /api/companies/:id/team/remind`: a manager reminds an assigned employee now */
export const teamRemindBodySchema = z.strictObject({ user_id: id(), seminar_id: id() });
export type TeamRemindBody = z.infer<typeof teamRemindBodySchema>;
