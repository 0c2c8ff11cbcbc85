/**
 * An invoice line's net, VAT and gross from a price and the seller's VAT settings (issue 38;
 * the rules are recorded in docs/decisions/payments.md "Invoices"). Amounts are integers in
 * minor units (Rappen, cents); the rate is in hundredths of a percent (8.10 % = 810).
 *
 * - Prices include VAT: the price is the gross; VAT = gross × rate / (100 % + rate), rounded to
 *   0.01 (half away from zero); net = gross − VAT. Nothing else is rounded: the charged price is
 *   the total.
 * - Prices exclude VAT: the price is the net; VAT = net × rate, rounded to 0.01; gross = net +
 *   VAT. In CHF the amount to pay is then rounded to 0.05 (Swiss cash rounding, "Rappenrundung");
 *   the difference is the invoice's `rounding` and is shown as its own line, VAT stays exact.
 */

export interface VatSettings {
  vatRateBp: number;
  pricesIncludeVat: boolean;
}

export interface LineAmounts {
  net: number;
  vat: number;
  gross: number;
}

export interface InvoiceAmounts extends LineAmounts {
  /** the cash rounding added to `gross` to reach the amount to pay (0 unless CHF and net prices) */
  rounding: number;
  /** what the buyer pays: gross + rounding */
  payable: number;
}

/** a / b rounded half away from zero, for non-negative integers */
const divRound = (a: number, b: number) => Math.floor((2 * a + b) / (2 * b));

/** the line's amounts from its price (gross or net per the settings) */
export function lineAmounts(price: number, s: VatSettings): LineAmounts {
  if (s.pricesIncludeVat) {
    const vat = divRound(price * s.vatRateBp, 10_000 + s.vatRateBp);
    return { net: price - vat, vat, gross: price };
  }
  const vat = divRound(price * s.vatRateBp, 10_000);
  return { net: price, vat, gross: price + vat };
}

/** the cash rounding of a total: CHF to 0.05, other currencies none */
export function cashRounding(gross: number, currency: string): number {
  if (currency !== 'CHF') return 0;
  return divRound(gross, 5) * 5 - gross;
}

/** the totals of an invoice's lines and what is to be paid */
export function invoiceAmounts(lines: LineAmounts[], currency: string, s: VatSettings): InvoiceAmounts {
  const net = lines.reduce((sum, l) => sum + l.net, 0);
  const vat = lines.reduce((sum, l) => sum + l.vat, 0);
  const gross = lines.reduce((sum, l) => sum + l.gross, 0);
  const rounding = s.pricesIncludeVat ? 0 : cashRounding(gross, currency);
  return { net, vat, gross, rounding, payable: gross + rounding };
}

/** the amount a checkout charges for a seminar's price (what `invoiceAmounts` makes payable) */
export const chargedAmount = (price: number, currency: string, s: VatSettings | null): number =>
  s ? invoiceAmounts([lineAmounts(price, s)], currency, s).payable : price;

/**
 * A line whose gross is known (a paid amount that no longer matches the list price, e.g. the
 * settings changed between checkout and payment): VAT taken out of the gross.
 */
export function lineFromGross(gross: number, vatRateBp: number): LineAmounts {
  const vat = divRound(gross * vatRateBp, 10_000 + vatRateBp);
  return { net: gross - vat, vat, gross };
}

/**
 * A price and a voucher's discount on it (issue 38 item 5): the seminar's line at the list
 * price and the voucher's line as the difference to the discounted price, so the totals are
 * exactly those of the discounted price (what the checkout charged) and each line's net + VAT
 * = gross; the voucher's amounts are negative.
 */
export function discountedLines(price: number, discount: number, s: VatSettings): [LineAmounts, LineAmounts] {
  const full = lineAmounts(price, s);
  const after = lineAmounts(price - discount, s);
  return [full, { net: after.net - full.net, vat: after.vat - full.vat, gross: after.gross - full.gross }];
}
