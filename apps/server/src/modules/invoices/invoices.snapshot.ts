import type { SellerRow } from './invoices.repository.ts';

/** the seller as printed on an invoice, kept with it (`invoices.seller`) */
export interface SellerSnapshot {
  legal_name: string;
  address: string;
  vat_number: string | null;
  iban: string | null;
  qr_iban: string | null;
  footer_de: string;
  footer_en: string;
  payment_terms_days: number;
  payment_terms_de: string;
  payment_terms_en: string;
}

/** a company's postal address as the invoice keeps it (issue 38; the fields of CompanyAddressDto) */
export interface BuyerPostalAddress {
  street: string | null;
  building_number: string | null;
  postal_code: string | null;
  town: string | null;
  country: string | null;
}

/** the buyer as printed on an invoice, kept with it (`invoices.buyer`) */
export interface BuyerSnapshot {
  name: string;
  email: string | null;
  /** the postal address as printed (lines), null: none */
  address: string | null;
  company: string | null;
  reference: string | null;
  /** the company's address as issued (the QR-bill's debtor); absent on invoices before it */
  postal_address?: BuyerPostalAddress | null;
}

/** no seller settings yet: an invoice is still issued (the number is the law's), without them */
export const EMPTY_SELLER: SellerSnapshot = {
  legal_name: '',
  address: '',
  vat_number: null,
  iban: null,
  qr_iban: null,
  footer_de: '',
  footer_en: '',
  payment_terms_days: 0,
  payment_terms_de: '',
  payment_terms_en: '',
};

export const sellerSnapshot = (s: SellerRow | undefined): SellerSnapshot =>
  s
    ? {
        legal_name: s.legalName,
        address: s.address,
        vat_number: s.vatNumber,
        iban: s.iban,
        qr_iban: s.qrIban,
        footer_de: s.footerDe,
        footer_en: s.footerEn,
        payment_terms_days: s.paymentTermsDays,
        payment_terms_de: s.paymentTermsDe,
        payment_terms_en: s.paymentTermsEn,
      }
    : EMPTY_SELLER;
