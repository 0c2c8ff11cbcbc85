import {
  compactIban,
  normalizeVatNumber,
  type SellerSettingsBody,
  type SellerSettingsDto,
} from '@elearn/shared';
import type { DbOrTx } from '../../../db/client.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { auditRepository } from '../../audit/audit.repository.ts';
import type { InvoicesContext } from '../invoices.context.ts';
import { invoicesRepository as repo, type SellerRow } from '../invoices.repository.ts';

const toDto = (s: SellerRow | undefined): SellerSettingsDto => ({
  configured: !!s,
  legal_name: s?.legalName ?? '',
  address: s?.address ?? '',
  vat_number: s?.vatNumber ?? null,
  vat_rate: (s?.vatRateBp ?? 0) / 100,
  prices_include_vat: s?.pricesIncludeVat ?? true,
  iban: s?.iban ?? null,
  qr_iban: s?.qrIban ?? null,
  footer_de: s?.footerDe ?? '',
  footer_en: s?.footerEn ?? '',
  payment_terms_days: s?.paymentTermsDays ?? 30,
  payment_terms_de: s?.paymentTermsDe ?? '',
  payment_terms_en: s?.paymentTermsEn ?? '',
  invoice_access: s?.invoiceAccess === 'at_once' ? 'at_once' : 'when_paid',
  updated_at: s ? s.updatedAt.toISOString() : null,
});

/** `GET /api/admin/seller` */
export const getSeller = async (ctx: InvoicesContext) => toDto(await repo.seller(ctx.db));

/** when a company booking bought by invoice grants (issue 38 item 3; no settings: when paid) */
export const invoiceAccess = async (ctx: InvoicesContext, db: DbOrTx = ctx.db) =>
  (await repo.seller(db))?.invoiceAccess === 'at_once' ? ('at_once' as const) : ('when_paid' as const);

/** the seller settings for a checkout's VAT (payments charges the gross of a net price) */
export const vatSettings = async (ctx: InvoicesContext) => {
  const s = await repo.seller(ctx.db);
  return s ? { vatRateBp: s.vatRateBp, pricesIncludeVat: s.pricesIncludeVat } : null;
};

/**
 * `PUT /api/admin/seller` (validated by the body schema: VAT number, IBAN, QR-IBAN, rate): the
 * settings saved and audited (`seller.updated`, before and after) in one transaction. Issued
 * invoices keep their own copy and do not change.
 */
export async function putSeller(
  ctx: InvoicesContext,
  actor: AuthUser,
  body: SellerSettingsBody & { vat_rate: number; payment_terms_days: number },
): Promise<SellerSettingsDto> {
  const at = new Date(ctx.now());
  return ctx.db.transaction(async (tx) => {
    const before = await repo.seller(tx);
    const saved = await repo.saveSeller(tx, {
      legalName: body.legal_name.trim(),
      address: body.address.trim(),
      vatNumber: body.vat_number ? normalizeVatNumber(body.vat_number) : null,
      vatRateBp: Math.round(body.vat_rate * 100),
      pricesIncludeVat: body.prices_include_vat,
      iban: body.iban ? compactIban(body.iban) : null,
      qrIban: body.qr_iban ? compactIban(body.qr_iban) : null,
      footerDe: body.footer_de ?? '',
      footerEn: body.footer_en ?? '',
      paymentTermsDays: body.payment_terms_days,
      paymentTermsDe: body.payment_terms_de ?? '',
      paymentTermsEn: body.payment_terms_en ?? '',
      invoiceAccess: body.invoice_access ?? 'when_paid',
      updatedBy: actor.id,
      updatedAt: at,
    });
    const dto = toDto(saved);
    await auditRepository.record(
      tx,
      {
        actor: { id: actor.id, username: actor.username },
        action: 'seller.updated',
        targetType: 'seller',
        targetId: null,
        targetLabel: saved.legalName,
        before: before ? toDto(before) : null,
        after: dto,
      },
      at,
    );
    return dto;
  });
}
