import { dueDateOf, localDateOf } from '@elearn/shared';
import { DAY_MS, type NotificationsContext, pageUrl, type TeamEntry } from '../notifications.context.ts';
import { type DigestLine, digestBody } from '../notifications.mails.ts';
import { notificationsRepository as repo } from '../notifications.repository.ts';
import { fullName, queueNotification } from './send.ts';

/** the ISO week (`2026-W48`) of a calendar day */
export function isoWeek(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const day = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / DAY_MS + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

const line = (e: TeamEntry): DigestLine => ({
  name: fullName(e),
  seminar: e.seminarTitle,
  day: localDateOf(e.at),
});

/**
 * The weekly digest to each company manager (issue 36 item 6): who in the team is overdue and
 * who finished an assigned seminar since the last digest (or in the last week, before the
 * first). Once per manager, company and ISO week; none when there is nothing to tell.
 */
export async function runDigest(ctx: NotificationsContext): Promise<{ queued: number }> {
  const now = new Date(ctx.now());
  const period = isoWeek(localDateOf(now));
  const managers = await ctx.sources.companyManagers();
  const recipients = await repo.recipients(
    ctx.db,
    managers.map((m) => m.userId),
    'manager_digest',
  );
  let queued = 0;
  for (const m of managers) {
    const to = recipients.get(m.userId);
    if (!to) continue;
    const subject = `company:${m.companyId}`;
    const since =
      (await repo.lastSent(ctx.db, m.userId, 'manager_digest', subject)) ??
      new Date(now.getTime() - 7 * DAY_MS);
    const [overdue, finished] = await Promise.all([
      ctx.sources.assignments.overdueOf(m.companyId, now),
      ctx.sources.assignments.finishedOf(m.companyId, since, now),
    ]);
    if (overdue.length === 0 && finished.length === 0) continue;
    const sent = await ctx.db.transaction(async (tx) => {
      const fresh = await repo.record(
        tx,
        [{ userId: m.userId, kind: 'manager_digest', subject, period }],
        now,
      );
      if (fresh.length === 0) return 0;
      await queueNotification(
        ctx,
        tx,
        to,
        'manager_digest',
        digestBody(to.locale, {
          name: fullName(to),
          company: m.companyName,
          overdue: overdue.map((e) => ({ ...line(e), day: dueDateOf(e.at) })),
          finished: finished.map(line),
          url: pageUrl(ctx, to.locale, `/company/${encodeURIComponent(m.shortName)}/team`),
        }),
      );
      return 1;
    });
    queued += sent;
  }
  return { queued };
}
