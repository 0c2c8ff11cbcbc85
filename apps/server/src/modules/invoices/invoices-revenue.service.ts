import { and, gte, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { invoiceLines, invoices } from '../../db/schema/index.ts';

/** how the revenue overview groups (modules/revenue, issue 38 item 7) */
export type RevenueGrouping = 'month' | 'seminar' | 'company';

/** the sums of one group, kind, state and currency (minor units, as stored: credit notes positive) */
export interface RevenueSum {
  key: string | null;
  label: string | null;
  kind: 'invoice' | 'credit_note';
  state: 'paid' | 'open';
  currency: string;
  net: number;
  vat: number;
  gross: number;
  /** invoices (or credit notes) in the sum */
  count: number;
}

/** the month of the issue date in Switzerland (where the numbers count) */
const zurichMonth = sql<string>`to_char(${invoices.issuedAt} at time zone 'Europe/Zurich', 'YYYY-MM')`;

const toSums = (
  rows: {
    key: string | null;
    label: string | null;
    kind: string;
    state: string;
    currency: string;
    net: unknown;
    vat: unknown;
    gross: unknown;
    count: unknown;
  }[],
): RevenueSum[] =>
  rows.map((r) => ({
    key: r.key,
    label: r.label,
    kind: r.kind === 'credit_note' ? 'credit_note' : 'invoice',
    state: r.state === 'paid' ? 'paid' : 'open',
    currency: r.currency,
    net: Number(r.net),
    vat: Number(r.vat),
    gross: Number(r.gross),
    count: Number(r.count),
  }));

/**
 * The invoices and credit notes issued in `[from, to)`, summed per group (the issue date counts;
 * paid or open by the document's own state). Per seminar the lines are summed (a voucher's
 * negative line with its seminar; a credit note's lines with the first seminar of the invoice it
 * credits); the cash rounding of a total belongs to no line and is
 * summed under no seminar (key null), so the totals are the same in every grouping. Read-only;
 * the revenue module is given it by app-modules.ts (a service file of its own, so the invoices
 * service's file, which the refunds work changes, stays as it is).
 */
export async function revenueSums(
  db: DbOrTx,
  range: { from: Date; to: Date },
  group: RevenueGrouping,
): Promise<RevenueSum[]> {
  const inRange = and(gte(invoices.issuedAt, range.from), lt(invoices.issuedAt, range.to));
  const head = { kind: invoices.kind, state: invoices.state, currency: invoices.currency };
  if (group !== 'seminar') {
    const key = group === 'month' ? zurichMonth : sql<string | null>`${invoices.companyId}::text`;
    const label = group === 'month' ? zurichMonth : sql<string | null>`max(${invoices.buyer}->>'company')`;
    const rows = await db
      .select({
        key,
        label,
        ...head,
        net: sql`coalesce(sum(${invoices.netTotal}), 0)`,
        vat: sql`coalesce(sum(${invoices.vatTotal}), 0)`,
        gross: sql`coalesce(sum(${invoices.grossTotal}), 0)`,
        count: sql`count(*)`,
      })
      .from(invoices)
      .where(inRange)
      .groupBy(key, invoices.kind, invoices.state, invoices.currency);
    return toSums(rows);
  }
  // a credit note's line names no seminar: it counts for the seminar of the invoice it credits
  const seminarKey = sql<string | null>`coalesce(${invoiceLines.seminarId}, (
    select min(l2.seminar_id) from invoice_lines l2
    where l2.invoice_id = ${invoices.creditsInvoiceId} and l2.seminar_id is not null
  ))::text`;
  const [lines, rounding] = await Promise.all([
    db
      .select({
        key: seminarKey,
        label: sql<
          string | null
        >`max(${invoiceLines.description}) filter (where ${invoiceLines.seminarId} is not null)`,
        ...head,
        net: sql`coalesce(sum(${invoiceLines.net}), 0)`,
        vat: sql`coalesce(sum(${invoiceLines.vat}), 0)`,
        gross: sql`coalesce(sum(${invoiceLines.gross}), 0)`,
        count: sql`count(distinct ${invoices.id})`,
      })
      .from(invoiceLines)
      .innerJoin(invoices, sql`${invoices.id} = ${invoiceLines.invoiceId}`)
      .where(inRange)
      .groupBy(seminarKey, invoices.kind, invoices.state, invoices.currency),
    db
      .select({
        key: sql<string | null>`null`,
        label: sql<string | null>`null`,
        ...head,
        net: sql`0`,
        vat: sql`0`,
        gross: sql`coalesce(sum(${invoices.rounding}), 0)`,
        count: sql`0`,
      })
      .from(invoices)
      .where(and(inRange, ne(invoices.rounding, 0)))
      .groupBy(invoices.kind, invoices.state, invoices.currency),
  ]);
  return toSums([...lines, ...rounding]);
}
