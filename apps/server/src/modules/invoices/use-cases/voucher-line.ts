import { type Locale, t } from '@elearn/shared';
import { discountedLines, type LineAmounts, lineAmounts, type VatSettings } from '../invoice-amounts.ts';
import type { NewInvoiceLine } from '../invoices.repository.ts';

/** a voucher's discount on a purchase's list total (issue 38 item 5; minor units) */
export interface InvoiceVoucher {
  code: string;
  discount: number;
}

/**
 * The amounts of a purchase's line at its list total and, with a voucher, of the voucher's line of
 * its own (negative: the discounted line minus the list line, docs/decisions/payments.md
 * "Vouchers"). Shared by paid invoices (issue-invoice.ts) and open ones (issue-open-invoice.ts).
 */
export function pricedAmounts(
  list: number,
  voucher: InvoiceVoucher | undefined,
  vat: VatSettings,
): [LineAmounts, LineAmounts | null] {
  if (!voucher || voucher.discount <= 0) return [lineAmounts(list, vat), null];
  return discountedLines(list, voucher.discount, vat);
}

/** the voucher's line: "Gutschein CODE" / "Voucher CODE" with the discount's (negative) amounts */
export const voucherLine = (
  voucher: InvoiceVoucher,
  seminarId: number | null,
  off: LineAmounts,
  vat: VatSettings,
  locale: Locale,
): NewInvoiceLine => ({
  description: t(locale, 'invoice_pdf.voucher', { code: voucher.code }),
  seminarId,
  quantity: 1,
  ...off,
  vatRateBp: vat.vatRateBp,
});
