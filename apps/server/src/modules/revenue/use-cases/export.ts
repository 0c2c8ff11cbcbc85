import { type Locale, type RevenueQuery, type RevenueTotal, t } from '@elearn/shared';
import type { FastifyReply } from 'fastify';
import { safeText, sendXlsxStream } from '../../../lib/xlsx.ts';
import type { RevenueContext } from '../revenue.context.ts';
import { monthRange } from '../revenue.months.ts';
import { summarize } from './overview.ts';

type Key = Parameters<typeof t>[1];

const amounts = (f: RevenueTotal) => [
  f.currency,
  f.paid.net / 100,
  f.paid.vat / 100,
  f.paid.gross / 100,
  f.open.net / 100,
  f.open.vat / 100,
  f.open.gross / 100,
  f.invoices,
  f.credit_notes,
];

/**
 * `GET /api/admin/revenue/export`: the overview's rows and the totals per currency as an Excel
 * workbook in the caller's language (amounts in the currency's units, credit notes subtracted).
 * The range is checked before the answer starts; the rows are few (one per group), so they are
 * read at once and streamed out with the project's streaming writer like the other exports.
 */
export async function exportRevenue(
  ctx: RevenueContext,
  q: RevenueQuery,
  locale: Locale,
  reply: FastifyReply,
) {
  const at = new Date(ctx.now());
  const range = monthRange(q, at);
  const { rows, totals } = summarize(await ctx.sums(ctx.db, { from: range.start, to: range.end }, q.group));
  const k = (key: Key) => t(locale, key);
  return sendXlsxStream(reply, { label: k('revenue_export.sheet'), fallback: 'revenue', at }, async (wb) => {
    const sheet = wb.addWorksheet(`${range.from} – ${range.to}`);
    const headers: [Key, number][] = [
      [`revenue_export.${q.group}` as Key, 32],
      ['revenue_export.currency', 9],
      ['revenue_export.paid_net', 14],
      ['revenue_export.paid_vat', 12],
      ['revenue_export.paid_gross', 14],
      ['revenue_export.open_net', 14],
      ['revenue_export.open_vat', 12],
      ['revenue_export.open_gross', 14],
      ['revenue_export.invoices', 11],
      ['revenue_export.credit_notes', 11],
    ];
    sheet.columns = headers.map(([key, width]) => ({ header: k(key), width }));
    sheet.getRow(1).font = { bold: true };
    for (const r of rows) {
      sheet.addRow([safeText(r.label ?? r.key ?? k('revenue_export.none')), ...amounts(r)]).commit();
    }
    for (const total of totals) {
      const row = sheet.addRow([k('revenue_export.total'), ...amounts(total)]);
      row.font = { bold: true };
      row.commit();
    }
    sheet.commit();
  });
}
