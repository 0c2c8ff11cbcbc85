import type { Locale, NotificationKind } from '@elearn/shared';
import type { MailMessage } from '../../plugins/mail.ts';

/*
 * The reminder, digest and drip mails (issue 36 item 6) in German and English. Each carries a
 * one-click unsubscribe (RFC 8058): `List-Unsubscribe` with the signed link and
 * `List-Unsubscribe-Post`, and names both the link and the preference page in its footer.
 */

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** a calendar day (YYYY-MM-DD) as the reader writes it */
export function formatDay(isoDate: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'de-CH', {
    timeZone: 'UTC',
    day: 'numeric',
    month: locale === 'en' ? 'short' : 'numeric',
    year: 'numeric',
  }).format(new Date(`${isoDate}T12:00:00Z`));
}

interface Body {
  subject: string;
  greeting: string;
  lines: string[];
  action: string;
  actionUrl: string;
}

const FOOTER: Record<Locale, Record<NotificationKind, string>> = {
  de: {
    due_reminders: 'Sie erhalten diese E-Mail, weil Ihnen ein Seminar mit Fälligkeitsdatum zugewiesen ist.',
    manager_digest: 'Sie erhalten diese wöchentliche Übersicht als Verantwortliche/r Ihrer Firma.',
    drip_unlocks: 'Sie erhalten diese E-Mail, weil in einem Ihrer Seminare ein Kapitel freigeschaltet wurde.',
  },
  en: {
    due_reminders: 'You receive this e-mail because a seminar with a due date is assigned to you.',
    manager_digest: 'You receive this weekly digest as a manager of your company.',
    drip_unlocks: 'You receive this e-mail because a chapter opened in one of your seminars.',
  },
};
const UNSUBSCRIBE: Record<Locale, string> = {
  de: 'Diese E-Mails abbestellen',
  en: 'Unsubscribe from these e-mails',
};
const SETTINGS: Record<Locale, string> = { de: 'Alle Benachrichtigungen', en: 'All notifications' };

/** the mail with its footer and unsubscribe headers */
export function notificationMail(
  to: string,
  locale: Locale,
  kind: NotificationKind,
  body: Body,
  /** `unsubscribe`: the API link of the header (RFC 8058 posts to it); `page`: the page that asks first */
  urls: { unsubscribe: string; page: string; settings: string },
): MailMessage {
  const footer = FOOTER[locale][kind];
  const text = [
    `${body.greeting},`,
    '',
    ...body.lines,
    '',
    `${body.action}: ${body.actionUrl}`,
    '',
    '--',
    footer,
    `${UNSUBSCRIBE[locale]}: ${urls.page}`,
    `${SETTINGS[locale]}: ${urls.settings}`,
  ].join('\n');
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif">
<p>${escapeHtml(body.greeting)},</p>${body.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}
<p><a href="${escapeHtml(body.actionUrl)}">${escapeHtml(body.action)}</a></p>
<hr><p style="color:#555;font-size:small">${escapeHtml(footer)}<br>
<a href="${escapeHtml(urls.page)}">${escapeHtml(UNSUBSCRIBE[locale])}</a> ·
<a href="${escapeHtml(urls.settings)}">${escapeHtml(SETTINGS[locale])}</a></p></body></html>`;
  return {
    to,
    subject: body.subject,
    text,
    html,
    links: [body.actionUrl, urls.page],
    headers: {
      'List-Unsubscribe': `<${urls.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const hello = (locale: Locale, name: string) => (locale === 'en' ? `Hello ${name}` : `Hallo ${name}`);

/** a learner's reminder: due soon (`before`), overdue, or sent now by their manager */
export function reminderBody(
  locale: Locale,
  p: {
    name: string;
    seminar: string;
    dueDate: string | null;
    reason: 'before' | 'overdue' | 'manager';
    manager?: string;
    url: string;
  },
): Body {
  const due = p.dueDate ? formatDay(p.dueDate, locale) : null;
  const de = locale === 'de';
  const subject =
    p.reason === 'before'
      ? de
        ? `Erinnerung: «${p.seminar}» ist bis ${due} fällig`
        : `Reminder: “${p.seminar}” is due by ${due}`
      : p.reason === 'overdue'
        ? de
          ? `Überfällig: «${p.seminar}» war bis ${due} fällig`
          : `Overdue: “${p.seminar}” was due by ${due}`
        : de
          ? `Erinnerung an «${p.seminar}»`
          : `A reminder of “${p.seminar}”`;
  const lines =
    p.reason === 'before'
      ? [
          de
            ? `Das Seminar «${p.seminar}» ist Ihnen zugewiesen und bis ${due} abzuschliessen.`
            : `The seminar “${p.seminar}” is assigned to you and due by ${due}.`,
        ]
      : p.reason === 'overdue'
        ? [
            de
              ? `Das Seminar «${p.seminar}» war bis ${due} abzuschliessen und ist noch nicht abgeschlossen.`
              : `The seminar “${p.seminar}” was due by ${due} and is not completed yet.`,
          ]
        : [
            de
              ? `${p.manager} erinnert Sie an das Seminar «${p.seminar}».`
              : `${p.manager} reminds you of the seminar “${p.seminar}”.`,
            ...(due ? [de ? `Es ist bis ${due} abzuschliessen.` : `It is due by ${due}.`] : []),
          ];
  return {
    subject,
    greeting: hello(locale, p.name),
    lines,
    action: de ? 'Weiterlernen' : 'Continue learning',
    actionUrl: p.url,
  };
}

export interface DigestLine {
  name: string;
  seminar: string;
  /** YYYY-MM-DD: the due date (overdue) or the day of completion (finished) */
  day: string;
}

/** a manager's weekly digest of their team */
export function digestBody(
  locale: Locale,
  p: { name: string; company: string; overdue: DigestLine[]; finished: DigestLine[]; url: string },
): Body {
  const de = locale === 'de';
  const list = (rows: DigestLine[], dueWord: string) =>
    rows.length === 0
      ? [de ? '– niemand –' : '– nobody –']
      : rows.map((r) => `- ${r.name}: ${r.seminar} (${dueWord} ${formatDay(r.day, locale)})`);
  return {
    subject: de
      ? `Wochenübersicht ${p.company}: ${p.overdue.length} überfällig, ${p.finished.length} abgeschlossen`
      : `Weekly digest ${p.company}: ${p.overdue.length} overdue, ${p.finished.length} finished`,
    greeting: hello(locale, p.name),
    lines: [
      de ? `Überfällig (${p.overdue.length}):` : `Overdue (${p.overdue.length}):`,
      ...list(p.overdue, de ? 'fällig am' : 'due'),
      de
        ? `Seit der letzten Übersicht abgeschlossen (${p.finished.length}):`
        : `Finished since the last digest (${p.finished.length}):`,
      ...list(p.finished, de ? 'am' : 'on'),
    ],
    action: de ? 'Zur Teamübersicht' : 'Open the team view',
    actionUrl: p.url,
  };
}

/** a chapter opened by drip today */
export function dripBody(
  locale: Locale,
  p: { name: string; seminar: string; chapter: string; url: string },
): Body {
  const de = locale === 'de';
  return {
    subject: de ? `Neues Kapitel freigeschaltet: ${p.chapter}` : `A new chapter is open: ${p.chapter}`,
    greeting: hello(locale, p.name),
    lines: [
      de
        ? `Im Seminar «${p.seminar}» ist ab heute das Kapitel «${p.chapter}» für Sie freigeschaltet.`
        : `In the seminar “${p.seminar}” the chapter “${p.chapter}” is open for you from today.`,
    ],
    action: de ? 'Weiterlernen' : 'Continue learning',
    actionUrl: p.url,
  };
}
