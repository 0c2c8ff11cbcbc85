import { formatIban, type Locale, t } from '@elearn/shared';
import PDFDocument from 'pdfkit';
import { pdfFonts } from '../../lib/pdf-fonts.ts';
import type { BuyerSnapshot, SellerSnapshot } from './invoices.snapshot.ts';
import { attachQrBill, QR_BILL_HEIGHT, qrBillData } from './qr-bill.ts';

export interface InvoiceFacts {
  kind: 'invoice' | 'credit_note';
  number: string;
  creditsNumber: string | null;
  state: 'paid' | 'open';
  currency: string;
  netTotal: number;
  vatTotal: number;
  rounding: number;
  grossTotal: number;
  vatRateBp: number;
  issuedAt: Date;
  dueAt: Date | null;
  paidAt: Date | null;
  seller: SellerSnapshot;
  buyer: BuyerSnapshot;
  /** an open invoice's payment reference (QR or creditor reference): it carries a QR-bill */
  paymentReference?: string | null;
  lines: {
    position: number;
    description: string;
    quantity: number;
    net: number;
    vat: number;
    gross: number;
  }[];
}

type Doc = InstanceType<typeof PDFDocument>;

const tag = (locale: Locale) => (locale === 'en' ? 'en-GB' : 'de-CH');
export const formatDay = (d: Date, locale: Locale) =>
  new Intl.DateTimeFormat(tag(locale), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Europe/Zurich',
  }).format(d);
export const formatMoney = (minor: number, locale: Locale) =>
  new Intl.NumberFormat(tag(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    minor / 100,
  );
export const formatRate = (bp: number, locale: Locale) =>
  new Intl.NumberFormat(tag(locale), { minimumFractionDigits: 1, maximumFractionDigits: 2 }).format(bp / 100);

const LEFT = 56;
const WIDTH = 483;

/** seller (top left), document title, number and dates (right), buyer below */
function drawHead(doc: Doc, f: InvoiceFacts, locale: Locale) {
  const s = f.seller;
  doc
    .font('bold')
    .fontSize(12)
    .fillColor('#000000')
    .text(s.legal_name || ' ', LEFT, 56, { width: 260 });
  doc.font('regular').fontSize(9).text(s.address, { width: 260 });
  if (s.vat_number) doc.text(`${t(locale, 'invoice_pdf.vat_number')} ${s.vat_number}`, { width: 260 });

  const title = t(locale, f.kind === 'invoice' ? 'invoice_pdf.invoice' : 'invoice_pdf.credit_note');
  doc.font('bold').fontSize(20).fillColor('#1d4f91').text(title, 340, 56, { width: 199, align: 'right' });
  doc.font('regular').fontSize(10).fillColor('#000000');
  const facts: [string, string][] = [
    [t(locale, 'invoice_pdf.number'), f.number],
    [t(locale, 'invoice_pdf.date'), formatDay(f.issuedAt, locale)],
    ...(f.dueAt && f.state === 'open'
      ? [[t(locale, 'invoice_pdf.due'), formatDay(f.dueAt, locale)] as [string, string]]
      : []),
  ];
  let y = 86;
  for (const [label, value] of facts) {
    doc.text(`${label}: ${value}`, 340, y, { width: 199, align: 'right' });
    y += 14;
  }
  if (f.creditsNumber) {
    doc.text(t(locale, 'invoice_pdf.credits', { number: f.creditsNumber }), 300, y, {
      width: 239,
      align: 'right',
    });
  }

  const b = f.buyer;
  doc.font('bold').fontSize(9).fillColor('#555555').text(t(locale, 'invoice_pdf.buyer'), LEFT, 160);
  doc.font('regular').fontSize(11).fillColor('#000000');
  if (b.company) doc.text(b.company, { width: 260 });
  doc.text(b.name, { width: 260 });
  if (b.address) doc.text(b.address, { width: 260 });
  if (b.email) doc.fontSize(9).text(b.email, { width: 260 });
  if (b.reference) {
    doc.fontSize(10).text(`${t(locale, 'invoice_pdf.reference')}: ${b.reference}`, { width: 260 });
  }
}

/** the lines and the totals */
function drawLines(doc: Doc, f: InvoiceFacts, locale: Locale) {
  const cols = [LEFT, LEFT + 34, LEFT + 270, LEFT + 341, LEFT + 412] as const;
  const rate = formatRate(f.vatRateBp, locale);
  let y = 270;
  doc.font('bold').fontSize(9).fillColor('#555555');
  doc.text(t(locale, 'invoice_pdf.position'), cols[0], y, { width: 30 });
  doc.text(t(locale, 'invoice_pdf.description'), cols[1], y, { width: 230 });
  doc.text(`${t(locale, 'invoice_pdf.net')} ${f.currency}`, cols[2], y, { width: 68, align: 'right' });
  doc.text(t(locale, 'invoice_pdf.vat', { rate }), cols[3], y, { width: 68, align: 'right' });
  doc.text(`${t(locale, 'invoice_pdf.gross')} ${f.currency}`, cols[4], y, { width: 71, align: 'right' });
  y += 16;
  doc
    .moveTo(LEFT, y - 3)
    .lineTo(LEFT + WIDTH, y - 3)
    .strokeColor('#999999')
    .lineWidth(0.5)
    .stroke();
  doc.font('regular').fontSize(10).fillColor('#000000');
  for (const l of f.lines) {
    const h = doc.heightOfString(l.description, { width: 230 });
    doc.text(String(l.position), cols[0], y, { width: 30 });
    doc.text(l.description, cols[1], y, { width: 230 });
    doc.text(formatMoney(l.net, locale), cols[2], y, { width: 68, align: 'right' });
    doc.text(formatMoney(l.vat, locale), cols[3], y, { width: 68, align: 'right' });
    doc.text(formatMoney(l.gross, locale), cols[4], y, { width: 71, align: 'right' });
    y += Math.max(h, 12) + 6;
  }
  doc
    .moveTo(LEFT, y)
    .lineTo(LEFT + WIDTH, y)
    .stroke();
  y += 8;
  const totals: [string, number, boolean][] = [
    [t(locale, 'invoice_pdf.total_net'), f.netTotal, false],
    [t(locale, 'invoice_pdf.total_vat', { rate }), f.vatTotal, false],
    ...(f.rounding
      ? [[t(locale, 'invoice_pdf.rounding'), f.rounding, false] as [string, number, boolean]]
      : []),
    [`${t(locale, 'invoice_pdf.total')} ${f.currency}`, f.grossTotal, true],
  ];
  for (const [label, amount, bold] of totals) {
    doc.font(bold ? 'bold' : 'regular').fontSize(bold ? 12 : 10);
    doc.text(label, cols[2] - 100, y, { width: 240, align: 'left' });
    doc.text(formatMoney(amount, locale), cols[4], y, { width: 71, align: 'right' });
    y += bold ? 18 : 14;
  }
  return y;
}

/** state, VAT note, payment terms, bank details and footer */
function drawFoot(doc: Doc, f: InvoiceFacts, locale: Locale, top: number, slip: boolean) {
  const s = f.seller;
  let y = top + 16;
  doc.font('bold').fontSize(11).fillColor('#000000');
  const state =
    f.state === 'paid' && f.paidAt
      ? t(locale, 'invoice_pdf.paid', { date: formatDay(f.paidAt, locale) })
      : t(locale, 'invoice_pdf.open');
  doc.text(state, LEFT, y, { width: WIDTH });
  doc.font('regular').fontSize(9).fillColor('#333333');
  if (!s.vat_number) doc.text(t(locale, 'invoice_pdf.no_vat'), { width: WIDTH });
  const terms = locale === 'en' ? s.payment_terms_en : s.payment_terms_de;
  if (terms && f.state === 'open') doc.text(terms, { width: WIDTH });
  const iban = s.qr_iban ?? s.iban;
  if (iban && f.state === 'open')
    doc.text(`${t(locale, 'invoice_pdf.iban')}: ${formatIban(iban)}`, { width: WIDTH });
  if (f.paymentReference && f.state === 'open')
    doc.text(`${t(locale, 'invoice_pdf.payment_reference')}: ${f.paymentReference}`, { width: WIDTH });
  const footer = locale === 'en' ? s.footer_en : s.footer_de;
  if (footer) {
    // above the QR-bill's payment part when there is one (it takes the page's bottom 105 mm)
    y = Math.max(doc.y + 8, doc.page.height - 90 - (slip ? QR_BILL_HEIGHT - 50 : 0));
    doc.fontSize(8).fillColor('#555555').text(footer, LEFT, y, { width: WIDTH, align: 'center' });
  }
}

/**
 * An invoice or credit note as a one-page A4 PDF in the buyer's language (issue 38): seller,
 * buyer, lines with net, VAT and gross, totals, paid or open, terms and footer. Fonts embedded.
 */
export async function renderInvoicePdf(f: InvoiceFacts, locale: Locale): Promise<Buffer> {
  const title = t(locale, f.kind === 'invoice' ? 'invoice_pdf.invoice' : 'invoice_pdf.credit_note');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${title} ${f.number}`, Author: f.seller.legal_name, Subject: f.number },
    lang: locale,
  });
  // parsed once per process (lib/pdf-fonts.ts), a subset embedded in each document
  const fonts = pdfFonts();
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  drawHead(doc, f, locale);
  const y = drawLines(doc, f, locale);
  // an open invoice with a payment reference: the Swiss QR-bill's payment part (issue 38 item 3)
  const slip = f.kind === 'invoice' && f.state === 'open' && !!f.paymentReference;
  const qr = slip ? { ...f, paymentReference: f.paymentReference ?? null } : null;
  drawFoot(doc, f, locale, y, !!qr && !!qrBillData(qr, locale));
  if (qr) attachQrBill(doc, qr, locale);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
