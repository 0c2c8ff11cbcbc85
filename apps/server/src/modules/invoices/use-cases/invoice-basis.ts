import { formatPostalAddress, type Locale } from '@elearn/shared';
import type { DbOrTx } from '../../../db/client.ts';
import { usersService } from '../../users/users.service.ts';
import type { VatSettings } from '../invoice-amounts.ts';
import type { InvoicesContext } from '../invoices.context.ts';
import { invoicesRepository as repo } from '../invoices.repository.ts';
import { type BuyerSnapshot, sellerSnapshot } from '../invoices.snapshot.ts';

/**
 * What every invoice is issued from, paid (issue-invoice.ts) or open (issue-open-invoice.ts): the
 * seller settings and the buyer as they are now, the VAT settings, the buyer's language.
 */
export async function invoiceBasis(
  ctx: InvoicesContext,
  tx: DbOrTx,
  p: { userId: number; companyId: number | null; reference: string | null },
  logContext: Record<string, unknown>,
) {
  const [sellerRow, user] = await Promise.all([repo.seller(tx), usersService.findById(tx, p.userId)]);
  if (!sellerRow) ctx.log.warn(logContext, 'invoice issued without seller settings');
  const vat: VatSettings = {
    vatRateBp: sellerRow?.vatRateBp ?? 0,
    pricesIncludeVat: sellerRow?.pricesIncludeVat ?? true,
  };
  const locale: Locale = user?.locale === 'en' ? 'en' : 'de';
  // a company's address as it is now (issue 38); a person buying for themselves has none
  // (docs/decisions/payments.md "The buyer's postal address")
  const postal = p.companyId && ctx.companyAddress ? await ctx.companyAddress(tx, p.companyId) : null;
  const buyer: BuyerSnapshot = {
    name: user ? `${user.firstName} ${user.lastName}`.trim() || user.username : '',
    email: user?.email ?? null,
    address: postal ? formatPostalAddress(postal, countryName(locale)) : null,
    company: p.companyId ? await ctx.companyName(tx, p.companyId) : null,
    reference: p.reference,
    postal_address: postal && formatPostalAddress(postal) ? postal : null,
  };
  return { sellerRow, vat, locale, buyer };
}

/** a country's name in the invoice's language (`CH` → Schweiz / Switzerland) */
const countryName = (locale: Locale) => {
  const names = new Intl.DisplayNames([locale === 'en' ? 'en-GB' : 'de-CH'], { type: 'region' });
  return (code: string) => names.of(code) ?? code;
};

type Basis = Awaited<ReturnType<typeof invoiceBasis>>;

/** the invoice row's amounts, VAT, seller, buyer and language (the rest is the caller's) */
export const basisFields = (
  b: Basis,
  totals: { net: number; vat: number; rounding: number; payable: number },
) => ({
  locale: b.locale,
  netTotal: totals.net,
  vatTotal: totals.vat,
  rounding: totals.rounding,
  grossTotal: totals.payable,
  vatRateBp: b.vat.vatRateBp,
  pricesIncludeVat: b.vat.pricesIncludeVat,
  seller: sellerSnapshot(b.sellerRow),
  buyer: b.buyer,
});
