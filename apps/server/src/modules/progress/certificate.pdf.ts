import { createRequire } from 'node:module';
import { type Locale, t } from '@elearn/shared';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

const require = createRequire(import.meta.url);
/** the web app's font (Source Sans Pro, @fontsource), embedded as a subset */
const FONT_REGULAR = require.resolve(
  '@fontsource/source-sans-pro/files/source-sans-pro-latin-400-normal.woff',
);
const FONT_BOLD = require.resolve('@fontsource/source-sans-pro/files/source-sans-pro-latin-700-normal.woff');

export interface CertificateFacts {
  code: string;
  learnerName: string;
  seminarTitle: string;
  trainerName: string;
  hours: number | null;
  completedAt: Date;
}

/** the public verification page of a code, in the language of the certificate */
export const verifyUrl = (appUrl: string, code: string, locale: Locale) =>
  `${appUrl.replace(/\/+$/, '')}${locale === 'en' ? '/en' : ''}/certificate/${code}`;

const formatDate = (d: Date, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'de-DE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Berlin',
  }).format(d);

export const formatHours = (h: number, locale: Locale) =>
  new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'de-DE', { maximumFractionDigits: 2 }).format(h);

type Doc = InstanceType<typeof PDFDocument>;

/** the frame, the title and the learner's and seminar's names, centred in the page's upper part */
function drawHeading(doc: Doc, facts: CertificateFacts, locale: Locale, inner: number) {
  const { width, height } = doc.page;
  doc
    .lineWidth(2)
    .strokeColor('#1d4f91')
    .rect(28, 28, width - 56, height - 56)
    .stroke();
  doc
    .lineWidth(0.5)
    .rect(36, 36, width - 72, height - 72)
    .stroke();

  doc.fillColor('#1d4f91').font('bold').fontSize(40).text(t(locale, 'certificate_pdf.title'), 56, 80, {
    width: inner,
    align: 'center',
  });
  doc.fillColor('#333333').font('regular').fontSize(16).text(t(locale, 'certificate_pdf.subtitle'), {
    width: inner,
    align: 'center',
  });
  doc.moveDown(1.5);
  doc.fontSize(14).text(t(locale, 'certificate_pdf.intro'), { width: inner, align: 'center' });
  doc.moveDown(0.5);
  // long names and titles get a smaller size, so that they keep above the facts
  const fit = (text: string, size: number, maxHeight: number) => {
    let s = size;
    doc.font('bold');
    while (s > 10 && doc.fontSize(s).heightOfString(text, { width: inner }) > maxHeight) s -= 1;
    return s;
  };
  doc
    .fillColor('#000000')
    .font('bold')
    .fontSize(fit(facts.learnerName, 28, 40))
    .text(facts.learnerName, { width: inner, align: 'center' });
  doc.moveDown(0.5);
  doc.fillColor('#333333').font('regular').fontSize(14).text(t(locale, 'certificate_pdf.completed'), {
    width: inner,
    align: 'center',
  });
  doc.moveDown(0.3);
  doc
    .fillColor('#000000')
    .font('bold')
    .fontSize(fit(facts.seminarTitle, 22, 64))
    .text(facts.seminarTitle, { width: inner, align: 'center' });
  doc.moveDown(0.3);
  doc
    .fillColor('#333333')
    .font('regular')
    .fontSize(14)
    .text(t(locale, 'certificate_pdf.completed_after'), { width: inner, align: 'center' });
}

/** facts at the bottom left, the QR code of the verification page at the bottom right */
function drawFacts(
  doc: Doc,
  facts: CertificateFacts,
  locale: Locale,
  inner: number,
  verification: { url: string; qr: Buffer },
) {
  const { url, qr } = verification;
  const { width, height } = doc.page;
  const qrSize = 110;
  const bottom = height - 64 - qrSize;
  const lines: [string, string][] = [
    [t(locale, 'certificate_pdf.trainer'), facts.trainerName],
    [t(locale, 'certificate_pdf.date'), formatDate(facts.completedAt, locale)],
    ...(facts.hours !== null
      ? [
          [
            t(locale, 'certificate_pdf.hours'),
            t(locale, 'certificate_pdf.hours_value', { hours: formatHours(facts.hours, locale) }),
          ] as [string, string],
        ]
      : []),
    [t(locale, 'certificate_pdf.code'), facts.code],
  ];
  let y = bottom - 6;
  for (const [label, value] of lines) {
    doc
      .fillColor('#555555')
      .font('regular')
      .fontSize(11)
      .text(`${label}:`, 64, y, { width: 150, lineBreak: false });
    doc
      .fillColor('#000000')
      .font('bold')
      .fontSize(11)
      .text(value, 214, y, { width: inner - 300, lineBreak: false });
    y += 18;
  }
  doc
    .fillColor('#555555')
    .font('regular')
    .fontSize(9)
    .text(`${t(locale, 'certificate_pdf.verify')} ${url}`, 64, y + 4, {
      width: inner - 150,
      link: url,
    });
  doc.image(qr, width - 64 - qrSize, bottom, { width: qrSize, height: qrSize, link: url });
}

/**
 * The certificate as a one-page A4 landscape PDF in `locale`: learner, seminar, trainer,
 * completion date, hours (when given), the verification code and a QR code of the verification
 * page. Fonts embedded (pdfkit subsets them); no images but the QR code.
 */
export async function renderCertificatePdf(
  facts: CertificateFacts,
  locale: Locale,
  appUrl: string,
): Promise<Buffer> {
  const url = verifyUrl(appUrl, facts.code, locale);
  const qr = await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 360 });
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 56,
    info: {
      Title: `${t(locale, 'certificate_pdf.title')}: ${facts.seminarTitle}`,
      Author: facts.trainerName,
      Subject: facts.code,
    },
    lang: locale,
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const inner = doc.page.width - 112;
  drawHeading(doc, facts, locale, inner);
  drawFacts(doc, facts, locale, inner, { url, qr });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
