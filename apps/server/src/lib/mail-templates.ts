import type { Locale } from '@elearn/shared';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

interface Template {
  subject: string;
  greeting: string;
  lines: string[];
  action: string;
  after: string;
}

const TEMPLATES: Record<
  'verify' | 'reset',
  Record<Locale, (p: { name: string; minutes: number }) => Template>
> = {
  verify: {
    de: ({ name, minutes }) => ({
      subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
      greeting: `Hallo ${name}`,
      lines: ['Willkommen auf der E-Learning-Plattform! Bitte bestätigen Sie Ihre E-Mail-Adresse.'],
      action: 'E-Mail-Adresse bestätigen',
      after: `Der Link ist ${minutes} Minuten gültig. Wenn Sie sich nicht registriert haben, ignorieren Sie diese E-Mail bitte.`,
    }),
    en: ({ name, minutes }) => ({
      subject: 'Please verify your e-mail address',
      greeting: `Hello ${name}`,
      lines: ['Welcome to the e-learning platform! Please confirm your e-mail address.'],
      action: 'Verify e-mail address',
      after: `The link is valid for ${minutes} minutes. If you did not register, ignore this e-mail.`,
    }),
  },
  reset: {
    de: ({ name, minutes }) => ({
      subject: 'Passwort zurücksetzen',
      greeting: `Hallo ${name}`,
      lines: ['Sie erhalten diese E-Mail, weil für Ihr Konto ein neues Passwort angefordert wurde.'],
      action: 'Passwort zurücksetzen',
      after: `Der Link ist ${minutes} Minuten gültig. Wenn Sie kein neues Passwort angefordert haben, ist nichts zu tun.`,
    }),
    en: ({ name, minutes }) => ({
      subject: 'Reset your password',
      greeting: `Hello ${name}`,
      lines: ['You are receiving this e-mail because a password reset was requested for your account.'],
      action: 'Reset password',
      after: `The link is valid for ${minutes} minutes. If you did not request a reset, no action is needed.`,
    }),
  },
};

/** A mail with one call-to-action link, as text and HTML, in the user's language. */
export function actionMail(
  kind: 'verify' | 'reset',
  locale: Locale,
  name: string,
  url: string,
  minutes = 60,
) {
  const tpl = TEMPLATES[kind][locale]({ name, minutes });
  const text = [`${tpl.greeting},`, '', ...tpl.lines, '', `${tpl.action}: ${url}`, '', tpl.after].join('\n');
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif">
<p>${escapeHtml(tpl.greeting)},</p>${tpl.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}
<p><a href="${escapeHtml(url)}">${escapeHtml(tpl.action)}</a></p>
<p style="color:#555">${escapeHtml(tpl.after)}</p></body></html>`;
  return { subject: tpl.subject, text, html, links: [url] };
}

/** The confirmation of a paid booking (payments): German or English by the user's language. */
export function bookingPaidMail(
  locale: Locale,
  p: { name: string; seminarTitle: string; amount: string; seminarUrl: string; paymentsUrl: string },
) {
  const title = p.seminarTitle.replace(/[\r\n]+/g, ' ');
  const tpl =
    locale === 'en'
      ? {
          subject: `Booking confirmed: ${title}`,
          greeting: `Hello ${p.name}`,
          lines: [
            `Thank you for your payment. You have booked the seminar “${title}” and can start right away.`,
            `Amount paid: ${p.amount}`,
          ],
          action: 'Open the seminar',
          after: `Your payments: ${p.paymentsUrl}`,
        }
      : {
          subject: `Buchungsbestätigung: ${title}`,
          greeting: `Hallo ${p.name}`,
          lines: [
            `Vielen Dank für Ihre Zahlung. Sie haben das Seminar «${title}» gebucht und können sofort beginnen.`,
            `Bezahlter Betrag: ${p.amount}`,
          ],
          action: 'Seminar öffnen',
          after: `Ihre Zahlungen: ${p.paymentsUrl}`,
        };
  const text = [
    `${tpl.greeting},`,
    '',
    ...tpl.lines,
    '',
    `${tpl.action}: ${p.seminarUrl}`,
    '',
    tpl.after,
  ].join('\n');
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif">
<p>${escapeHtml(tpl.greeting)},</p>${tpl.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}
<p><a href="${escapeHtml(p.seminarUrl)}">${escapeHtml(tpl.action)}</a></p>
<p style="color:#555">${escapeHtml(tpl.after)}</p></body></html>`;
  return { subject: tpl.subject, text, html, links: [p.seminarUrl, p.paymentsUrl] };
}
