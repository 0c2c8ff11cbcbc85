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

/** Text and HTML of a mail with one call-to-action link (and more links named in its lines). */
function render(locale: Locale, tpl: Template, url: string, links: string[] = [url]) {
  const text = [`${tpl.greeting},`, '', ...tpl.lines, '', `${tpl.action}: ${url}`, '', tpl.after].join('\n');
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif">
<p>${escapeHtml(tpl.greeting)},</p>${tpl.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}
<p><a href="${escapeHtml(url)}">${escapeHtml(tpl.action)}</a></p>
<p style="color:#555">${escapeHtml(tpl.after)}</p></body></html>`;
  return { subject: tpl.subject, text, html, links };
}

const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');

/** A mail with one call-to-action link, as text and HTML, in the user's language. */
export function actionMail(
  kind: 'verify' | 'reset',
  locale: Locale,
  name: string,
  url: string,
  minutes = 60,
) {
  return render(locale, TEMPLATES[kind][locale]({ name, minutes }), url);
}

/**
 * To the old address after the account's e-mail address changed (issue 11, item 17): the new
 * address is named only in part, and the way out (reset the password, which goes to the old
 * address no longer) is to contact the support.
 */
export function emailChangedMail(locale: Locale, p: { name: string; newEmail: string; url: string }) {
  const [local = '', domain = ''] = p.newEmail.split('@');
  const masked = `${local.slice(0, 2)}…@${domain}`;
  const tpl: Template =
    locale === 'en'
      ? {
          subject: 'Your e-mail address was changed',
          greeting: `Hello ${p.name}`,
          lines: [
            `The e-mail address of your account was changed to ${masked}. From now on, mails and password resets go to the new address.`,
            'If you did not make this change, someone else may know your password: contact us at once.',
          ],
          action: 'Contact',
          after: 'You receive this notice at your previous address.',
        }
      : {
          subject: 'Ihre E-Mail-Adresse wurde geändert',
          greeting: `Hallo ${p.name}`,
          lines: [
            `Die E-Mail-Adresse Ihres Kontos wurde auf ${masked} geändert. E-Mails und Passwort-Links gehen ab jetzt an die neue Adresse.`,
            'Wenn Sie diese Änderung nicht vorgenommen haben, kennt womöglich jemand Ihr Passwort: Bitte melden Sie sich sofort bei uns.',
          ],
          action: 'Kontakt',
          after: 'Sie erhalten diesen Hinweis an Ihre bisherige Adresse.',
        };
  return render(locale, tpl, p.url);
}

/** An invitation to join a company's members, sent to an address a manager entered (item 18). */
export function companyInvitationMail(
  locale: Locale,
  p: { company: string; inviter: string; url: string; days: number },
) {
  const company = oneLine(p.company);
  const inviter = oneLine(p.inviter);
  const tpl: Template =
    locale === 'en'
      ? {
          subject: `Invitation to join ${company}`,
          greeting: 'Hello',
          lines: [
            `${inviter} invites you to join the employees of ${company} on the e-learning platform. As an employee you can play the seminars your company assigns to you.`,
            'Log in with this e-mail address (or register with it first) and accept the invitation.',
          ],
          action: 'View the invitation',
          after: `The invitation is valid for ${p.days} days. If you do not want to join, ignore this e-mail: nothing changes without your consent.`,
        }
      : {
          subject: `Einladung zu ${company}`,
          greeting: 'Guten Tag',
          lines: [
            `${inviter} lädt Sie ein, auf der E-Learning-Plattform zu den Mitarbeitenden von ${company} zu gehören. Als Mitarbeiterin oder Mitarbeiter spielen Sie die Seminare, die Ihr Unternehmen Ihnen zuweist.`,
            'Melden Sie sich mit dieser E-Mail-Adresse an (oder registrieren Sie sich zuerst damit) und nehmen Sie die Einladung an.',
          ],
          action: 'Einladung ansehen',
          after: `Die Einladung ist ${p.days} Tage gültig. Wenn Sie nicht beitreten möchten, ignorieren Sie diese E-Mail: Ohne Ihre Zustimmung ändert sich nichts.`,
        };
  return render(locale, tpl, p.url);
}

/** The confirmation of a paid booking (payments): German or English by the user's language. */
export function bookingPaidMail(
  locale: Locale,
  p: { name: string; seminarTitle: string; amount: string; seminarUrl: string; paymentsUrl: string },
) {
  const title = oneLine(p.seminarTitle);
  const tpl: Template =
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
  return render(locale, tpl, p.seminarUrl, [p.seminarUrl, p.paymentsUrl]);
}

export type PrivacyMailKind = 'export_ready' | 'deletion_requested' | 'deletion_canceled' | 'erased';

/**
 * The privacy mails (issue 19): an export is ready (link valid 24 h, only for the logged-in
 * requester), a deletion was requested (the day it happens; logging in undoes it), a deletion was
 * undone, the account was erased. `byAdmin`: an admin acted on the person's request.
 */
export function privacyMail(
  kind: PrivacyMailKind,
  locale: Locale,
  p: { name: string; url: string; date?: string; hours?: number; byAdmin?: boolean; subject?: string },
) {
  const en = locale === 'en';
  const tpl: Template = (() => {
    switch (kind) {
      case 'export_ready':
        return en
          ? {
              subject: 'Your data export is ready',
              greeting: `Hello ${p.name}`,
              lines: [
                p.subject
                  ? `The export of the data of ${oneLine(p.subject)} that you requested is ready.`
                  : 'The export of your personal data that you requested is ready: one archive with a JSON file per area and your uploads.',
                'The download works only while you are logged in with the account that requested it.',
              ],
              action: 'Download the archive',
              after: `The archive can be downloaded for ${p.hours ?? 24} hours; then it is deleted.`,
            }
          : {
              subject: 'Ihr Datenexport steht bereit',
              greeting: `Hallo ${p.name}`,
              lines: [
                p.subject
                  ? `Der von Ihnen angeforderte Export der Daten von ${oneLine(p.subject)} steht bereit.`
                  : 'Der von Ihnen angeforderte Export Ihrer Personendaten steht bereit: ein Archiv mit einer JSON-Datei pro Bereich und Ihren hochgeladenen Dateien.',
                'Der Download funktioniert nur, solange Sie mit dem Konto angemeldet sind, das ihn angefordert hat.',
              ],
              action: 'Archiv herunterladen',
              after: `Das Archiv kann ${p.hours ?? 24} Stunden lang heruntergeladen werden; danach wird es gelöscht.`,
            };
      case 'deletion_requested':
        return en
          ? {
              subject: 'Your account will be deleted',
              greeting: `Hello ${p.name}`,
              lines: [
                p.byAdmin
                  ? 'At your request, an administrator has asked for the deletion of your account.'
                  : 'You have asked for the deletion of your account. You have been logged out.',
                `Your account will be deleted on ${p.date}. Until then you can undo the deletion simply by logging in.`,
                'After the deletion your personal data are erased; payments stay for accounting without your name.',
              ],
              action: 'Log in to keep the account',
              after: 'If you did not ask for this, log in now and change your password.',
            }
          : {
              subject: 'Ihr Konto wird gelöscht',
              greeting: `Hallo ${p.name}`,
              lines: [
                p.byAdmin
                  ? 'Auf Ihren Wunsch hat eine Administratorin oder ein Administrator die Löschung Ihres Kontos beantragt.'
                  : 'Sie haben die Löschung Ihres Kontos beantragt. Sie wurden abgemeldet.',
                `Ihr Konto wird am ${p.date} gelöscht. Bis dahin können Sie die Löschung rückgängig machen, indem Sie sich einfach anmelden.`,
                'Nach der Löschung werden Ihre Personendaten gelöscht; Zahlungen bleiben für die Buchhaltung ohne Ihren Namen erhalten.',
              ],
              action: 'Anmelden und Konto behalten',
              after:
                'Wenn Sie dies nicht beantragt haben, melden Sie sich jetzt an und ändern Sie Ihr Passwort.',
            };
      case 'deletion_canceled':
        return en
          ? {
              subject: 'Your account will not be deleted',
              greeting: `Hello ${p.name}`,
              lines: [
                p.byAdmin
                  ? 'An administrator has withdrawn the deletion of your account.'
                  : 'You have logged in, so the deletion of your account has been undone. Your account stays as it was.',
              ],
              action: 'Open your profile',
              after: 'You can ask for the deletion again at any time in your profile under "My data".',
            }
          : {
              subject: 'Ihr Konto wird nicht gelöscht',
              greeting: `Hallo ${p.name}`,
              lines: [
                p.byAdmin
                  ? 'Eine Administratorin oder ein Administrator hat die Löschung Ihres Kontos zurückgezogen.'
                  : 'Sie haben sich angemeldet; die Löschung Ihres Kontos ist damit rückgängig gemacht. Ihr Konto bleibt unverändert.',
              ],
              action: 'Profil öffnen',
              after:
                'Sie können die Löschung jederzeit erneut in Ihrem Profil unter «Meine Daten» beantragen.',
            };
      case 'erased':
        return en
          ? {
              subject: 'Your account has been deleted',
              greeting: `Hello ${p.name}`,
              lines: [
                'As requested, your account has been deleted and your personal data erased.',
                'Payments stay for accounting (10 years) with amount and date but without your name; test runs stay anonymised for the statistics of their tests.',
              ],
              action: 'Privacy policy',
              after: 'This is the last e-mail you receive from us.',
            }
          : {
              subject: 'Ihr Konto wurde gelöscht',
              greeting: `Hallo ${p.name}`,
              lines: [
                'Wie beantragt wurde Ihr Konto gelöscht; Ihre Personendaten sind gelöscht.',
                'Zahlungen bleiben für die Buchhaltung (10 Jahre) mit Betrag und Datum, aber ohne Ihren Namen erhalten; Testdurchläufe bleiben anonymisiert für die Statistik der Tests.',
              ],
              action: 'Datenschutzerklärung',
              after: 'Dies ist die letzte E-Mail, die Sie von uns erhalten.',
            };
    }
  })();
  return render(locale, tpl, p.url);
}
