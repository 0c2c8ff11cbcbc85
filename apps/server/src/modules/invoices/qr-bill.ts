import { type Locale, t } from '@elearn/shared';
import type PDFDocument from 'pdfkit';
import { SwissQRBill } from 'swissqrbill/pdf';
import type { BuyerPostalAddress, SellerSnapshot } from './invoices.snapshot.ts';
import { isCreditorReference, isQrReference } from './payment-reference.ts';

/*
 * The Swiss QR-bill's payment part of an open invoice (issue 38 item 3), drawn by the `swissqrbill`
 * package (MIT) into our pdfkit document: it builds the Swiss QR Code's data (SPC 0200, structured
 * addresses) and validates it on construction. docs/decisions/payments.md "Pay by invoice".
 */

/** the height of the payment part (105 mm): the invoice's footer stays above it */
export const QR_BILL_HEIGHT = (105 / 25.4) * 72;

export interface PostalAddress {
  street: string;
  buildingNumber?: string;
  zip: string;
  city: string;
  country: string;
}

const COUNTRIES: Record<string, string> = {
  ch: 'CH',
  schweiz: 'CH',
  suisse: 'CH',
  svizzera: 'CH',
  switzerland: 'CH',
  li: 'LI',
  liechtenstein: 'LI',
  de: 'DE',
  deutschland: 'DE',
  germany: 'DE',
  at: 'AT',
  österreich: 'AT',
  austria: 'AT',
};

/**
 * The seller's address (free lines: street and number, postcode and town, country) as the
 * structured address the QR-bill needs; null when it cannot be read that way.
 */
export function postalAddress(text: string): PostalAddress | null {
  const lines = text
    .split(/\n|,/)
    .map((l) => l.trim())
    .filter(Boolean);
  let country = 'CH';
  const last = lines.at(-1)?.toLowerCase();
  if (last && COUNTRIES[last]) {
    country = COUNTRIES[last]!;
    lines.pop();
  }
  const zipAt = lines.findLastIndex((l) => /^(?:[A-Z]{1,2}-)?\d{4,5}\s+\S/.test(l));
  if (zipAt < 1) return null;
  const [, zip, city] = /^(?:[A-Z]{1,2}-)?(\d{4,5})\s+(.+)$/.exec(lines[zipAt]!)!;
  const streetLine = lines[zipAt - 1]!;
  const m = /^(.*\D)\s+(\d+\s?[a-zA-Z]?)$/.exec(streetLine);
  return {
    street: (m ? m[1]! : streetLine).slice(0, 70),
    ...(m ? { buildingNumber: m[2]! } : {}),
    zip: zip!,
    city: city!.slice(0, 35),
    country,
  };
}

export interface QrBillFacts {
  number: string;
  currency: string;
  /** minor units */
  grossTotal: number;
  paymentReference: string | null;
  seller: SellerSnapshot;
  buyer: { company: string | null; name: string; postal_address?: BuyerPostalAddress | null };
}

/**
 * The debtor ("Zahlbar durch" / "Payable by"): the company with its structured address when the
 * invoice kept a complete one (postal code, town, country; street and number when given); else
 * none, and the payment part leaves the box to be filled in by hand, as SIX allows.
 */
function debtorOf(b: QrBillFacts['buyer']) {
  const a = b.postal_address;
  const name = (b.company ?? b.name).trim();
  if (!a?.postal_code || !a.town || !a.country || !name) return null;
  return {
    name: name.slice(0, 70),
    address: (a.street ?? '').slice(0, 70),
    ...(a.building_number ? { buildingNumber: a.building_number.slice(0, 16) } : {}),
    zip: a.postal_code.slice(0, 16),
    city: a.town.slice(0, 35),
    country: a.country,
  };
}

/**
 * The QR-bill's data of an open invoice, or null when it cannot have one: no payment reference,
 * a currency other than CHF or EUR, no (QR-)IBAN for the reference's type, or an address that is
 * not street / postcode town / country.
 */
export function qrBillData(
  f: QrBillFacts,
  locale: Locale,
): ConstructorParameters<typeof SwissQRBill>[0] | null {
  const ref = f.paymentReference;
  if (!ref || (f.currency !== 'CHF' && f.currency !== 'EUR')) return null;
  const account = isQrReference(ref) ? f.seller.qr_iban : isCreditorReference(ref) ? f.seller.iban : null;
  const address = postalAddress(f.seller.address);
  if (!account || !address || !f.seller.legal_name) return null;
  const debtor = debtorOf(f.buyer);
  return {
    amount: f.grossTotal / 100,
    currency: f.currency as 'CHF' | 'EUR',
    reference: ref,
    message: `${t(locale, 'invoice_pdf.invoice')} ${f.number}`.slice(0, 140),
    creditor: {
      account,
      name: f.seller.legal_name.slice(0, 70),
      address: address.street,
      ...(address.buildingNumber ? { buildingNumber: address.buildingNumber } : {}),
      zip: address.zip,
      city: address.city,
      country: address.country,
    },
    ...(debtor ? { debtor } : {}),
  };
}

/**
 * Draws the payment part at the bottom of the current page (a new page when the invoice's lines
 * left no room); `false` when the invoice cannot carry one (see `qrBillData`).
 */
export function attachQrBill(doc: InstanceType<typeof PDFDocument>, f: QrBillFacts, locale: Locale): boolean {
  const data = qrBillData(f, locale);
  if (!data) return false;
  const bill = new SwissQRBill(data, { language: locale === 'en' ? 'EN' : 'DE', scissors: true });
  bill.attachTo(doc);
  return true;
}
