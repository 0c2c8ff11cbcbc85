import { dueAtOf, dueDateOf, localDateOf } from '@elearn/shared';
import { DAY_MS, type DueAssignment, type NotificationsContext, pageUrl } from '../notifications.context.ts';
import { reminderBody } from '../notifications.mails.ts';
import { notificationsRepository as repo, type SendKey } from '../notifications.repository.ts';
import { fullName, queueNotification } from './send.ts';

/** a learner is reminded this many days before an assignment's due date (docs/decisions) */
export const REMINDER_DAYS_BEFORE = 3;
/** an assignment that became overdue more than this long ago gets no overdue mail any more */
export const OVERDUE_WINDOW_DAYS = 7;
/** assignments read, recorded and queued per transaction */
const PAGE = 2000;

/**
 * The due reminders (issue 36 item 6): to each learner whose assignment is due within
 * `REMINDER_DAYS_BEFORE` days, once per due date (`before:<date>`), and once when it is overdue
 * (`overdue:<date>`, up to a week after). Not for completed seminars, not when the learner turned
 * reminders off. Each page records its sends and queues their mails in one transaction: a repeat
 * of the run (another instance, a retry after a crash) finds the rows and sends nothing again.
 */
export async function runDueReminders(ctx: NotificationsContext): Promise<{ queued: number }> {
  const now = new Date(ctx.now());
  const from = new Date(now.getTime() - OVERDUE_WINDOW_DAYS * DAY_MS);
  // due by the end of the Zurich day REMINDER_DAYS_BEFORE days from today (calendar days, not hours)
  const to = dueAtOf(
    new Date(Date.parse(`${localDateOf(now)}T00:00:00Z`) + REMINDER_DAYS_BEFORE * DAY_MS)
      .toISOString()
      .slice(0, 10),
  );
  let afterId = 0;
  let queued = 0;
  for (;;) {
    const page = await ctx.sources.assignments.duePage(from, to, afterId, PAGE);
    if (page.length === 0) break;
    afterId = page.at(-1)!.id;
    queued += await remindPage(ctx, page, now);
    if (page.length < PAGE) break;
  }
  return { queued };
}

const keyOf = (a: DueAssignment, now: Date): SendKey => ({
  userId: a.userId,
  kind: 'due_reminder',
  subject: `enrolment:${a.id}`,
  period: `${a.dueAt.getTime() <= now.getTime() ? 'overdue' : 'before'}:${dueDateOf(a.dueAt)}`,
});

async function remindPage(ctx: NotificationsContext, page: DueAssignment[], now: Date): Promise<number> {
  const recipients = await repo.recipients(
    ctx.db,
    page.map((a) => a.userId),
    'due_reminders',
  );
  const wanted = page.filter((a) => recipients.has(a.userId));
  if (wanted.length === 0) return 0;
  const byKey = new Map(wanted.map((a) => [JSON.stringify(keyOf(a, now)), a]));
  return ctx.db.transaction(async (tx) => {
    const fresh = await repo.record(
      tx,
      wanted.map((a) => keyOf(a, now)),
      now,
    );
    for (const key of fresh) {
      const a = byKey.get(JSON.stringify(key))!;
      const to = recipients.get(a.userId)!;
      await queueNotification(
        ctx,
        tx,
        to,
        'due_reminders',
        reminderBody(to.locale, {
          name: fullName(to),
          seminar: a.seminarTitle,
          dueDate: dueDateOf(a.dueAt),
          reason: key.period.startsWith('overdue') ? 'overdue' : 'before',
          url: pageUrl(ctx, to.locale, '/learn'),
        }),
      );
    }
    return fresh.length;
  });
}
