import { type AdminInvoiceQuery, type InvoiceDto, type Locale, type Paginated, t } from '@elearn/shared';
import type { FastifyReply } from 'fastify';
import type { DbOrTx } from '../../../db/client.ts';
import { notFound } from '../../../errors.ts';
import { safeText, sendXlsxStream } from '../../../lib/xlsx.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { invoicePolicy } from '../../../policies/invoice.policy.ts';
import { type InvoiceFacts, renderInvoicePdf } from '../invoice.pdf.ts';
import type { InvoicesContext } from '../invoices.context.ts';
import {
  type InvoiceFilter,
  type InvoiceLineRow,
  type InvoiceRow,
  invoicesRepository as repo,
} from '../invoices.repository.ts';
import type { BuyerSnapshot, SellerSnapshot } from '../invoices.snapshot.ts';
import { invoiceRemindersRepository } from '../invoices-reminders.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** the DTOs of invoice rows, with their lines and the numbers of the invoices they credit */
async function dtos(ctx: InvoicesContext, rows: InvoiceRow[], db: DbOrTx = ctx.db): Promise<InvoiceDto[]> {
  const [lines, credited] = await Promise.all([
    repo.linesOf(
      db,
      rows.map((r) => r.id),
    ),
    repo.numbersByIds(db, [
      ...new Set(rows.flatMap((r) => (r.creditsInvoiceId ? [r.creditsInvoiceId] : []))),
    ]),
  ]);
  const byInvoice = new Map<number, InvoiceLineRow[]>();
  for (const l of lines) byInvoice.set(l.invoiceId, [...(byInvoice.get(l.invoiceId) ?? []), l]);
  return rows.map((r) => {
    const buyer = r.buyer as BuyerSnapshot;
    return {
      id: r.id,
      number: r.number,
      kind: r.kind as InvoiceDto['kind'],
      credits_number: r.creditsInvoiceId ? (credited.get(r.creditsInvoiceId) ?? null) : null,
      state: r.state as InvoiceDto['state'],
      currency: r.currency,
      net_total: r.netTotal,
      vat_total: r.vatTotal,
      rounding: r.rounding,
      gross_total: r.grossTotal,
      vat_rate: r.vatRateBp / 100,
      issued_at: r.issuedAt.toISOString(),
      due_at: iso(r.dueAt),
      paid_at: iso(r.paidAt),
      booking_id: r.bookingId,
      company_id: r.companyId,
      payment_reference: r.paymentReference,
      buyer: {
        name: buyer.name,
        email: buyer.email,
        company: buyer.company,
        reference: buyer.reference,
        address: buyer.address ?? null,
      },
      lines: (byInvoice.get(r.id) ?? []).map((l) => ({
        position: l.position,
        description: l.description,
        seminar_id: l.seminarId,
        quantity: l.quantity,
        net: l.net,
        vat: l.vat,
        gross: l.gross,
      })),
    };
  });
}

/** invoice rows as their DTOs (the answer of marking one paid, of buying by invoice) */
export const invoiceDtos = dtos;

const paginated = <T>(data: T[], total: number, q: { page: number; per_page: number }): Paginated<T> => ({
  data,
  current_page: q.page,
  last_page: Math.max(1, Math.ceil(total / q.per_page)),
  per_page: q.per_page,
  total,
});
const pageOf = (q: { page: number; per_page: number }) => ({
  limit: q.per_page,
  offset: (q.page - 1) * q.per_page,
});

/** `GET /api/me/invoices`: the caller's invoices and those of the companies they manage */
export async function listOwn(ctx: InvoicesContext, actor: AuthUser, q: { page: number; per_page: number }) {
  const { rows, total } = await repo.pageOfBuyer(ctx.db, actor.id, invoicePolicy.companies(actor), pageOf(q));
  return paginated(await dtos(ctx, rows), total, q);
}

const filterOf = (q: Partial<AdminInvoiceQuery>): InvoiceFilter => ({
  year: q.year,
  state: q.state,
  companyId: q.company_id,
});

/** `GET /api/admin/invoices` (the route admits admins only), with the payment reminders sent */
export async function adminList(ctx: InvoicesContext, q: AdminInvoiceQuery) {
  const { rows, total } = await repo.adminPage(ctx.db, filterOf(q), pageOf(q));
  const [data, sent] = await Promise.all([
    dtos(ctx, rows),
    invoiceRemindersRepository.summaries(
      ctx.db,
      rows.map((r) => r.id),
    ),
  ]);
  const reminders = (id: number) => {
    const s = sent.get(id);
    return s ? { count: s.count, last_at: s.last.toISOString() } : null;
  };
  return paginated(
    data.map((d) => ({ ...d, reminders: reminders(d.id) })),
    total,
    q,
  );
}

/** `GET /api/invoices/{id}/pdf`: in the invoice's language (the buyer's); 404 for whoever may not */
export async function invoicePdf(ctx: InvoicesContext, actor: AuthUser, id: number) {
  const row = await repo.findById(ctx.db, id);
  if (!row || !invoicePolicy.view(actor, row)) throw notFound();
  const [dto] = await dtos(ctx, [row]);
  const locale: Locale = row.locale === 'en' ? 'en' : 'de';
  const facts: InvoiceFacts = {
    kind: dto!.kind,
    number: row.number,
    creditsNumber: dto!.credits_number,
    state: dto!.state,
    currency: row.currency,
    netTotal: row.netTotal,
    vatTotal: row.vatTotal,
    rounding: row.rounding,
    grossTotal: row.grossTotal,
    vatRateBp: row.vatRateBp,
    issuedAt: row.issuedAt,
    dueAt: row.dueAt,
    paidAt: row.paidAt,
    seller: row.seller as SellerSnapshot,
    buyer: row.buyer as BuyerSnapshot,
    paymentReference: row.paymentReference,
    lines: dto!.lines,
  };
  const kind = t(locale, row.kind === 'invoice' ? 'invoice_pdf.invoice' : 'invoice_pdf.credit_note');
  return { body: await renderInvoicePdf(facts, locale), fileName: `${kind}-${row.number}.pdf` };
}

const EXPORT_BATCH = 1000;

/** `GET /api/admin/invoices/export`: every invoice and credit note of the filter, streamed */
export async function exportInvoices(
  ctx: InvoicesContext,
  q: Partial<AdminInvoiceQuery>,
  locale: Locale,
  reply: FastifyReply,
) {
  const filter = filterOf(q);
  const at = new Date(ctx.now());
  const k = (key: Parameters<typeof t>[1]) => t(locale, key);
  return sendXlsxStream(
    reply,
    { label: k('invoice_export.sheet'), fallback: 'invoices', at },
    async (wb, flowing) => {
      const sheet = wb.addWorksheet(k('invoice_export.sheet'));
      sheet.columns = [
        ['invoice_export.number', 14],
        ['invoice_export.kind', 12],
        ['invoice_export.credits', 14],
        ['invoice_export.date', 12],
        ['invoice_export.buyer', 28],
        ['invoice_export.company', 28],
        ['invoice_export.reference', 18],
        ['invoice_export.currency', 8],
        ['invoice_export.net', 12],
        ['invoice_export.vat_rate', 10],
        ['invoice_export.vat', 12],
        ['invoice_export.rounding', 10],
        ['invoice_export.gross', 12],
        ['invoice_export.state', 10],
        ['invoice_export.paid_at', 12],
      ].map(([key, width]) => ({ header: k(key as Parameters<typeof t>[1]), width: width as number }));
      sheet.getRow(1).font = { bold: true };
      let after = 0;
      for (;;) {
        const rows = await repo.batchAfter(ctx.db, filter, after, EXPORT_BATCH);
        const numbers = await repo.numbersByIds(
          ctx.db,
          rows.flatMap((r) => (r.creditsInvoiceId ? [r.creditsInvoiceId] : [])),
        );
        for (const r of rows) {
          const b = r.buyer as BuyerSnapshot;
          const kind = k(r.kind === 'invoice' ? 'invoice_pdf.invoice' : 'invoice_pdf.credit_note');
          const sign = r.kind === 'credit_note' ? -1 : 1;
          sheet
            .addRow([
              r.number,
              kind,
              r.creditsInvoiceId ? (numbers.get(r.creditsInvoiceId) ?? '') : '',
              r.issuedAt,
              safeText(b.name),
              safeText(b.company ?? ''),
              safeText(b.reference ?? ''),
              r.currency,
              (sign * r.netTotal) / 100,
              r.vatRateBp / 100,
              (sign * r.vatTotal) / 100,
              (sign * r.rounding) / 100,
              (sign * r.grossTotal) / 100,
              k(r.state === 'paid' ? 'invoice_export.state_paid' : 'invoice_export.state_open'),
              r.paidAt ?? '',
            ])
            .commit();
        }
        await flowing();
        const last = rows[rows.length - 1];
        if (!last || rows.length < EXPORT_BATCH) break;
        after = last.id;
      }
      sheet.commit();
    },
  );
}
