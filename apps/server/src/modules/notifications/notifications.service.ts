import type { AuthUser } from '../../plugins/session.ts';
import { createNotificationsContext, type NotificationsDeps } from './notifications.context.ts';
import { notificationsPersonalData } from './notifications.personal-data.ts';
import { runDigest } from './use-cases/digest.ts';
import { runDrip } from './use-cases/drip.ts';
import { runDueReminders } from './use-cases/due-reminders.ts';
import { myPrefs, saveMyPrefs, unsubscribe, unsubscribeTarget } from './use-cases/preferences.ts';
import { remindEmployee } from './use-cases/remind.ts';
import { runSeatExpiry } from './use-cases/seat-expiry.ts';

export type NotificationsService = ReturnType<typeof createNotificationsService>;
export type { NotificationSources, NotificationsDeps } from './notifications.context.ts';

/** the queue's jobs of the module and their schedules (UTC; docs/decisions.md "Reminders") */
export const NOTIFICATION_JOBS = {
  'due-reminders': { cron: '0 6 * * *', run: runDueReminders },
  'manager-digest': { cron: '0 6 * * 1', run: runDigest },
  'drip-unlocks': { cron: '5 * * * *', run: runDrip },
  // seat packages about to end (issue 38 item 4): their managers are warned once
  'seat-expiry': { cron: '15 6 * * *', run: runSeatExpiry },
} as const;
export type NotificationJob = keyof typeof NOTIFICATION_JOBS;

/**
 * Reminders by e-mail (issue 36 item 6): due reminders to learners, the weekly digest to company
 * managers, the mail when a chapter opens by drip, a manager's reminder now; each person's
 * choice of them and the one-click unsubscribe. The scheduled runs are jobs of the durable
 * queue: once per period across all instances; each send is recorded with its mail in one
 * transaction, so a repeated run sends nothing twice.
 */
export function createNotificationsService(deps: NotificationsDeps) {
  const ctx = createNotificationsContext(deps);
  return {
    /** what this module keeps about a person: the data export and the account erasure */
    personalData: notificationsPersonalData(ctx.db),
    myPrefs: (actor: AuthUser) => myPrefs(ctx, actor.id),
    saveMyPrefs: (actor: AuthUser, prefs: Parameters<typeof saveMyPrefs>[2]) =>
      saveMyPrefs(ctx, actor.id, prefs),
    unsubscribeTarget: (token: string) => unsubscribeTarget(ctx, token),
    unsubscribe: (token: string) => unsubscribe(ctx, token),
    remind: (...a: Parameters<typeof remindEmployee> extends [unknown, ...infer R] ? R : never) =>
      remindEmployee(ctx, ...a),
    /** one scheduled run now (the jobs call this; tests and the CLI too) */
    run: (job: NotificationJob) => NOTIFICATION_JOBS[job].run(ctx),

    /** the scheduled runs as jobs of the queue, each once per period across the instances */
    async defineJobs() {
      for (const [kind, job] of Object.entries(NOTIFICATION_JOBS)) {
        await ctx.jobs.define(kind, async () => {
          const done = await job.run(ctx);
          if (done.queued) ctx.log.info({ job: kind, ...done }, 'notifications queued');
        });
        await ctx.jobs.schedule(kind, job.cron);
      }
    },
  };
}
