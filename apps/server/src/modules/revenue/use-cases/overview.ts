import type { RevenueAmounts, RevenueDto, RevenueQuery, RevenueRow, RevenueTotal } from '@elearn/shared';
import type { RevenueContext, RevenueSum } from '../revenue.context.ts';
import { monthRange } from '../revenue.months.ts';

const zero = (): RevenueAmounts => ({ net: 0, vat: 0, gross: 0 });
const figures = (currency: string) => ({
  currency,
  paid: zero(),
  open: zero(),
  invoices: 0,
  credit_notes: 0,
});

/** adds one sum to a row or total: a credit note subtracts from the column of its own state */
function add(target: RevenueTotal, s: RevenueSum) {
  const sign = s.kind === 'credit_note' ? -1 : 1;
  const column = target[s.state];
  column.net += sign * s.net;
  column.vat += sign * s.vat;
  column.gross += sign * s.gross;
  if (s.kind === 'credit_note') target.credit_notes += s.count;
  else target.invoices += s.count;
}

/** months in order; seminars and companies by name; the rows of no seminar or company last */
const order = (a: RevenueRow, b: RevenueRow) =>
  (a.key === null ? 1 : 0) - (b.key === null ? 1 : 0) ||
  (a.label ?? '').localeCompare(b.label ?? '', 'de') ||
  (a.key ?? '').localeCompare(b.key ?? '') ||
  a.currency.localeCompare(b.currency);

/** the invoices' sums per group and currency, and the totals per currency */
export function summarize(sums: RevenueSum[]): { rows: RevenueRow[]; totals: RevenueTotal[] } {
  const rows = new Map<string, RevenueRow>();
  const totals = new Map<string, RevenueTotal>();
  for (const s of sums) {
    const id = `${s.key ?? ''}\u0000${s.currency}`;
    const row = rows.get(id) ?? { key: s.key, label: s.label, ...figures(s.currency) };
    rows.set(id, row);
    // the latest label wins over an empty one (a rounding-only sum has none)
    if (!row.label && s.label) row.label = s.label;
    add(row, s);
    const total = totals.get(s.currency) ?? figures(s.currency);
    totals.set(s.currency, total);
    add(total, s);
  }
  return {
    rows: [...rows.values()].sort(order),
    totals: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
  };
}

/** `GET /api/admin/revenue` (the route admits admins only) */
export async function revenueOverview(ctx: RevenueContext, q: RevenueQuery): Promise<RevenueDto> {
  const range = monthRange(q, new Date(ctx.now()));
  const sums = await ctx.sums(ctx.db, { from: range.start, to: range.end }, q.group);
  return { from: range.from, to: range.to, group: q.group, ...summarize(sums) };
}
