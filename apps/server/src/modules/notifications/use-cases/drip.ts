import { dueAtOf, localDateOf } from '@elearn/shared';
import { DAY_MS, type NotificationsContext, pageUrl } from '../notifications.context.ts';
import { dripBody } from '../notifications.mails.ts';
import { notificationsRepository as repo, type SendKey } from '../notifications.repository.ts';
import { fullName, queueNotification } from './send.ts';

/** the calendar day `days` before `isoDate` */
const daysBefore = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/**
 * The drip mails (issue 36 item 6): a chapter that opens `d` days after a learner's first grant
 * (`dripOpensAt`) opens today for the learners whose first grant fell on the day `d` days ago
 * (calendar days in Europe/Zurich). Only on that day; once per learner and chapter.
 */
export async function runDrip(ctx: NotificationsContext): Promise<{ queued: number }> {
  const now = new Date(ctx.now());
  const today = localDateOf(now);
  const chapters = await ctx.sources.dripChapters();
  const byDays = new Map<number, typeof chapters>();
  for (const c of chapters) byDays.set(c.days, [...(byDays.get(c.days) ?? []), c]);
  let queued = 0;
  for (const [days, group] of byDays) {
    const grantDay = daysBefore(today, days);
    // the grant's day runs from the end of the day before to its own end (dueAtOf: a day's end)
    const learners = await ctx.sources.assignments.firstGrantsBetween(
      [...new Set(group.map((c) => c.seminarId))],
      dueAtOf(daysBefore(grantDay, 1)),
      dueAtOf(grantDay),
    );
    const pairs = learners.flatMap((l) =>
      group.filter((c) => c.seminarId === l.seminarId).map((c) => ({ userId: l.userId, chapter: c })),
    );
    if (pairs.length === 0) continue;
    const recipients = await repo.recipients(
      ctx.db,
      pairs.map((p) => p.userId),
      'drip_unlocks',
    );
    const wanted = pairs.filter((p) => recipients.has(p.userId));
    const keyOf = (p: (typeof wanted)[number]): SendKey => ({
      userId: p.userId,
      kind: 'drip_unlock',
      subject: `chapter:${p.chapter.id}`,
      period: '',
    });
    const byKey = new Map(wanted.map((p) => [`${p.userId}|${p.chapter.id}`, p]));
    queued += await ctx.db.transaction(async (tx) => {
      const fresh = await repo.record(tx, wanted.map(keyOf), now);
      for (const key of fresh) {
        const p = byKey.get(`${key.userId}|${key.subject.slice('chapter:'.length)}`)!;
        const to = recipients.get(p.userId)!;
        await queueNotification(
          ctx,
          tx,
          to,
          'drip_unlocks',
          dripBody(to.locale, {
            name: fullName(to),
            seminar: p.chapter.seminarTitle,
            chapter: p.chapter.label,
            url: pageUrl(ctx, to.locale, `/seminar/id/${p.chapter.seminarId}/chapter/${p.chapter.id}/play`),
          }),
        );
      }
      return fresh.length;
    });
  }
  return { queued };
}
