import { dueDateOf, type Locale } from '@elearn/shared';
import {
  DAY_MS,
  type EndingSeatPackage,
  type NotificationsContext,
  pageUrl,
} from '../notifications.context.ts';
import { formatDay } from '../notifications.mails.ts';
import { notificationsRepository as repo } from '../notifications.repository.ts';
import { fullName, queueNotification } from './send.ts';

/** the company's managers are warned this many days before a seat package ends (docs/decisions) */
export const SEAT_WARNING_DAYS = 14;

/** the warning mail of a seat package about to end */
export function seatExpiryBody(
  locale: Locale,
  p: { name: string; company: string; seminar: string; seats: number; lastDay: string; url: string },
) {
  const de = locale === 'de';
  const day = formatDay(p.lastDay, locale);
  return {
    subject: de ? `Platzpaket «${p.seminar}» endet am ${day}` : `Seat package “${p.seminar}” ends on ${day}`,
    greeting: de ? `Guten Tag ${p.name}` : `Hello ${p.name}`,
    lines: [
      de
        ? `Das Platzpaket von ${p.company} für das Seminar «${p.seminar}» (${p.seats} Plätze) gilt bis und mit ${day}. Danach endet der Zugang der Personen auf diesen Plätzen.`
        : `The seat package of ${p.company} for the seminar “${p.seminar}” (${p.seats} seats) is valid up to and including ${day}. After that, the people on its seats lose their access.`,
      de
        ? 'Zum Verlängern kaufen Sie ein neues Paket und weisen die Personen ihm zu.'
        : 'To extend it, buy a new package and assign the people to it.',
    ],
    action: de ? 'Zu den Platzpaketen' : 'Open the seat packages',
    actionUrl: p.url,
  };
}

/**
 * The expiry warnings of seat packages (issue 38 item 4): once to each manager of the company
 * when a paid package ends within `SEAT_WARNING_DAYS` days (recorded per manager and package with
 * its last day, so a repeated run or another instance sends nothing twice). Managers who turned
 * the manager mails off get none.
 */
export async function runSeatExpiry(ctx: NotificationsContext): Promise<{ queued: number }> {
  if (!ctx.sources.seatPackagesEnding) return { queued: 0 };
  const now = new Date(ctx.now());
  const ending = await ctx.sources.seatPackagesEnding(
    now,
    new Date(now.getTime() + SEAT_WARNING_DAYS * DAY_MS),
  );
  if (ending.length === 0) return { queued: 0 };
  const managers = await ctx.sources.companyManagers();
  const recipients = await repo.recipients(
    ctx.db,
    managers.map((m) => m.userId),
    'manager_digest',
  );
  let queued = 0;
  for (const e of ending) {
    queued += await warn(
      ctx,
      e,
      managers.filter((m) => m.companyId === e.pkg.companyId),
      recipients,
      now,
    );
  }
  return { queued };
}

async function warn(
  ctx: NotificationsContext,
  e: EndingSeatPackage,
  managers: Awaited<ReturnType<NotificationsContext['sources']['companyManagers']>>,
  recipients: Awaited<ReturnType<typeof repo.recipients>>,
  now: Date,
): Promise<number> {
  const lastDay = dueDateOf(e.pkg.validUntil);
  const wanted = managers.filter((m) => recipients.has(m.userId));
  if (wanted.length === 0) return 0;
  return ctx.db.transaction(async (tx) => {
    const keyOf = (userId: number) => ({
      userId,
      kind: 'seat_expiry',
      subject: `seat_package:${e.pkg.id}`,
      period: `before:${lastDay}`,
    });
    const fresh = await repo.record(
      tx,
      wanted.map((m) => keyOf(m.userId)),
      now,
    );
    for (const key of fresh) {
      const m = wanted.find((w) => w.userId === key.userId)!;
      const to = recipients.get(m.userId)!;
      await queueNotification(
        ctx,
        tx,
        to,
        'manager_digest',
        seatExpiryBody(to.locale, {
          name: fullName(to),
          company: m.companyName,
          seminar: e.seminar.title,
          seats: e.pkg.seats,
          lastDay,
          url: pageUrl(ctx, to.locale, `/company/${encodeURIComponent(m.shortName)}/team`),
        }),
      );
    }
    return fresh.length;
  });
}
