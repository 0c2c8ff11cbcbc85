import type { Locale } from '@elearn/shared';
import type { MailMessage } from '../../plugins/mail.ts';
import { formatDay, formatMoney } from './invoice.pdf.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** what a payment reminder names (issue 38 item 3) */
export interface ReminderFacts {
  step: number;
  name: string;
  number: string;
  currency: string;
  /** minor units */
  amount: number;
  dueAt: Date;
  /** the company the invoice was issued to, when it was */
  company: string | null;
  /** the invoices page of the reader's language, and the invoice's PDF */
  pageUrl: string;
  pdfUrl: string;
}

function lines(locale: Locale, f: ReminderFacts) {
  const amount = `${f.currency} ${formatMoney(f.amount, locale)}`;
  const due = formatDay(f.dueAt, locale);
  if (locale === 'en') {
    return {
      subject: `${f.step > 1 ? 'Second payment reminder' : 'Payment reminder'}: invoice ${f.number}`,
      greeting: `Hello ${f.name}`,
      body: [
        `Invoice ${f.number}${f.company ? ` to ${f.company}` : ''} for ${amount} was due on ${due}. According to our records it has not been paid yet.`,
        f.step > 1
          ? 'This is our second reminder. Please transfer the amount within the next few days.'
          : 'Please transfer the amount at your earliest convenience.',
        'If you have paid in the meantime, please disregard this e-mail.',
      ],
      action: 'Your invoices',
      pdf: 'The invoice as PDF',
    };
  }
  return {
    subject: `${f.step > 1 ? '2. Zahlungserinnerung' : 'Zahlungserinnerung'}: Rechnung ${f.number}`,
    greeting: `Guten Tag ${f.name}`,
    body: [
      `Die Rechnung ${f.number}${f.company ? ` an ${f.company}` : ''} über ${amount} war am ${due} fällig. Nach unseren Unterlagen ist sie noch nicht bezahlt.`,
      f.step > 1
        ? 'Dies ist unsere zweite Erinnerung. Bitte überweisen Sie den Betrag in den nächsten Tagen.'
        : 'Bitte überweisen Sie den Betrag bei nächster Gelegenheit.',
      'Falls Sie inzwischen bezahlt haben, betrachten Sie diese E-Mail bitte als gegenstandslos.',
    ],
    action: 'Ihre Rechnungen',
    pdf: 'Die Rechnung als PDF',
  };
}

/** a payment reminder of an overdue invoice, in the reader's language (text and HTML) */
export function reminderMail(to: string, locale: Locale, f: ReminderFacts): MailMessage {
  const m = lines(locale, f);
  const text = [
    `${m.greeting},`,
    '',
    ...m.body,
    '',
    `${m.action}: ${f.pageUrl}`,
    `${m.pdf}: ${f.pdfUrl}`,
  ].join('\n');
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif">
<p>${escapeHtml(m.greeting)},</p>${m.body.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}
<p><a href="${escapeHtml(f.pageUrl)}">${escapeHtml(m.action)}</a> ·
<a href="${escapeHtml(f.pdfUrl)}">${escapeHtml(m.pdf)}</a></p></body></html>`;
  return { to, subject: m.subject, text, html, links: [f.pageUrl, f.pdfUrl] };
}
